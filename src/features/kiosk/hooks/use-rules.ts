// The kiosk's rules worker (comlink), started on first use and kept for the life of the page:
// a kiosk evaluates all day, and React's double effects must not terminate it mid-call.
import * as Comlink from 'comlink';
import type { RulesWorkerApi } from '../../../../workers/rules.worker';

export type Rules = Comlink.Remote<RulesWorkerApi>;

let rules: Rules | null = null;

export function getRules(): Rules {
  if (!rules) {
    const worker = new Worker(new URL('../../../../workers/rules.worker.ts', import.meta.url), {
      type: 'module',
      name: 'gatehouse-rules',
    });
    rules = Comlink.wrap<RulesWorkerApi>(worker);
  }
  return rules;
}
