// Detailed kiosk logs (the dashboard's "kiosk-logging" command): while on, the kiosk writes a
// kiosk.log line for each journey step it enters and each refusal; while off, only the usual
// online/offline, action and error lines. The flag is read at each write, so switching it
// applies from the next step without a restart.
import type { KioskLogArgs } from '../../../../domain/kiosk-mutations';
import type { Step } from './draft';

export const LOGGING_KEY = 'gatehouse-kiosk-logging';

/** Codes stay within kiosk.log's 64 characters: `step:<name>` and `refused:<reason>`. */
export const stepLogCode = (step: Step): string => `step:${step}`;
export const refusalLogCode = (reason: string): string => `refused:${reason.replace(/^kiosk\./, '')}`.slice(0, 64);

/** The line to write, or null while detailed logging is off. */
export function journeyLogLine(
  storage: Pick<Storage, 'getItem'>,
  code: string,
  data: Record<string, unknown>,
  logId: string,
  at: number,
): KioskLogArgs | null {
  if (storage.getItem(LOGGING_KEY) !== '1') return null;
  return { logId, kind: 'action', code, data, at };
}
