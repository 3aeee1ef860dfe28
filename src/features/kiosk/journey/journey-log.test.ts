// Detailed kiosk logging follows the dashboard's switch: on → a line per step and refusal, off → none.
import { describe, expect, it } from 'vitest';
import { journeyLogLine, LOGGING_KEY, refusalLogCode, stepLogCode } from './journey-log';

const storage = (value: string | null) => ({ getItem: (key: string) => (key === LOGGING_KEY ? value : null) });

describe('journey log lines', () => {
  it('writes a step line while logging is on', () => {
    expect(journeyLogLine(storage('1'), stepLogCode('compliance'), { journeyId: 'j' }, 'id-1', 5)).toEqual({
      logId: 'id-1',
      kind: 'action',
      code: 'step:compliance',
      data: { journeyId: 'j' },
      at: 5,
    });
  });

  it('writes nothing when logging was turned off or never turned on', () => {
    expect(journeyLogLine(storage('0'), stepLogCode('identify'), {}, 'id-2', 5)).toBeNull();
    expect(journeyLogLine(storage(null), refusalLogCode('temperature.above_threshold'), {}, 'id-3', 5)).toBeNull();
  });

  it('names refusals by their reason, within the 64 characters a log code may have', () => {
    expect(refusalLogCode('kiosk.identify.notThisJourney')).toBe('refused:identify.notThisJourney');
    expect(refusalLogCode('temperature.above_threshold')).toBe('refused:temperature.above_threshold');
    expect(refusalLogCode('x'.repeat(100))).toHaveLength(64);
  });
});
