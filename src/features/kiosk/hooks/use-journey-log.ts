// Writes the journey's step and refusal lines while detailed kiosk logging is on (journey-log.ts).
import { useCallback, useEffect } from 'react';
import { v7 as uuidv7 } from 'uuid';
import type { Step } from '../journey/draft';
import { journeyLogLine, refusalLogCode, stepLogCode } from '../journey/journey-log';
import type { KioskRecord } from './use-kiosk-runtime';

export function useJourneyLog(
  record: KioskRecord | null,
  step: Step,
  journeyId: string | null,
): (reason: string) => void {
  useEffect(() => {
    const line =
      record && journeyLogLine(localStorage, stepLogCode(step), journeyId ? { journeyId } : {}, uuidv7(), Date.now());
    if (line) void record('kiosk.log', line);
  }, [record, step, journeyId]);
  return useCallback(
    (reason: string) => {
      const line = record && journeyLogLine(localStorage, refusalLogCode(reason), { step }, uuidv7(), Date.now());
      if (line) void record('kiosk.log', line);
    },
    [record, step],
  );
}
