import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from './validation';
import { cutoffOf, DAY_MS, privacyInput, retentionDue } from './retention';

describe('retention', () => {
  it('puts the cut-off N days before now', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2e12 }), fc.integer({ min: 1, max: 9999 }), (now, days) => {
        expect(now - cutoffOf(now, days)).toBe(days * DAY_MS);
      }),
    );
  });

  it('is due when it never ran or ran a day or more ago', () => {
    expect(retentionDue(null, 0)).toBe(true);
    expect(retentionDue(0, DAY_MS - 1)).toBe(false);
    expect(retentionDue(0, DAY_MS)).toBe(true);
    expect(retentionDue(0, 30 * DAY_MS)).toBe(true);
  });

  it('takes whole positive days, both required', () => {
    expect(parse(privacyInput, { data_retention_days: 30, scans_retention_days: 7 }).ok).toBe(true);
    for (const bad of [0, -1, 1.5, '', null, 10_000, '30'])
      expect(parse(privacyInput, { data_retention_days: bad, scans_retention_days: 7 })).toMatchObject({
        ok: false,
        errors: { data_retention_days: [expect.stringMatching(/^privacy\.validation\./)] },
      });
  });
});
