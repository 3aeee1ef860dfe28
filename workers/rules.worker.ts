// The rules worker: the kiosk's temperature and compliance evaluation off the main thread.
// It only wires domain/ functions to messages; the rules themselves live once, in domain/.
import * as Comlink from 'comlink';
import { complianceDue, evaluateCompliance } from '../domain/compliance';
import { visitStage } from '../domain/journey';
import { checkTemperature, parseTemperature } from '../domain/temperature';

export const rulesWorkerApi = { evaluateCompliance, complianceDue, checkTemperature, parseTemperature, visitStage };
export type RulesWorkerApi = typeof rulesWorkerApi;

Comlink.expose(rulesWorkerApi);
