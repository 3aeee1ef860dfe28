import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as v from 'valibot';
import { clockOffsetMs, epochMs, INT4_MAX, int4, jsonProblem, MAX_EPOCH_MS, storableJson } from './bounds';

describe('bounds', () => {
  it('takes times a database stores and refuses the rest', () => {
    expect(v.is(epochMs, Date.UTC(2026, 0, 1))).toBe(true);
    for (const x of [-1, 1.5, MAX_EPOCH_MS + 1, 1e20, Number.POSITIVE_INFINITY, Number.NaN])
      expect(v.is(epochMs, x)).toBe(false);
    // The largest time corrected by the largest offset is still a date PostgreSQL and ISO strings hold.
    expect(new Date(MAX_EPOCH_MS + 100 * 365 * 86_400_000).toISOString()).toMatch(/^\d{4}-/);
    expect(v.is(int4(1), INT4_MAX)).toBe(true);
    expect(v.is(int4(1), INT4_MAX + 1)).toBe(false);
    expect(v.is(clockOffsetMs, 3_000_000_000)).toBe(true);
    expect(v.is(clockOffsetMs, 1e13)).toBe(false);
  });

  it('finds U+0000, unpaired surrogates and deep nesting anywhere in a value, keys included', () => {
    expect(jsonProblem({ a: [1, { b: 'x\u0000' }] })).toBe('nul');
    expect(jsonProblem({ ['k\u0000']: 1 })).toBe('nul');
    expect(jsonProblem(['\ud800'])).toBe('nul');
    expect(jsonProblem('pair \ud83d\ude00 ok')).toBeNull();
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(jsonProblem(deep)).toBe('depth');
    expect(storableJson(deep)).toEqual({ unstorable: 'depth' });
  });

  it('keeps any ordinary JSON value as it is', () => {
    const text = fc.string().filter((s) => !s.includes('\u0000'));
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 10 }).filter((x) => !JSON.stringify(x).includes('\\u0000')),
        (value) => {
          expect(storableJson(value)).toBe(value);
        },
      ),
    );
    fc.assert(
      fc.property(text, text, (a, b) => {
        expect(jsonProblem({ [b]: `${a}\u0000${b}` })).toBe('nul');
      }),
    );
  });
});
