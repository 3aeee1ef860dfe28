// Bounds for every number and free-form value that reaches the database from a device: an
// integer the columns cannot hold, or a JSON value PostgreSQL's jsonb refuses, must be a
// validation failure on one mutation, never an error that fails a whole push.
import * as v from 'valibot';

/** The largest value of a PostgreSQL `integer` (int4) column. */
export const INT4_MAX = 2_147_483_647;

/** Device times end before the year 9900, so a time corrected by the largest clock offset still
 * has a four-digit year (ISO strings, JavaScript dates and PostgreSQL timestamps all hold it). */
export const MAX_EPOCH_MS = Date.UTC(9900, 0, 1) - 1;

/** A device clock may be wrong by decades (a kiosk that booted at 1970 without its network
 * time), never by more than a century. */
export const MAX_CLOCK_OFFSET_MS = 100 * 365 * 24 * 60 * 60 * 1000;

/** How deep a mutation's arguments may nest: ours nest a handful of levels. */
export const MAX_JSON_DEPTH = 32;

/** An integer within [min, max]; messages are i18n keys. */
export const boundedInt = (min: number, max: number) =>
  v.pipe(
    v.number('validation.required'),
    v.integer('validation.number'),
    v.minValue(min, 'validation.number'),
    v.maxValue(max, 'validation.number'),
  );

/** A time as epoch milliseconds that every layer can store. */
export const epochMs = boundedInt(0, MAX_EPOCH_MS);

/** A count or version kept in an int4 column. */
export const int4 = (min = 0) => boundedInt(min, INT4_MAX);

export const clockOffsetMs = boundedInt(-MAX_CLOCK_OFFSET_MS, MAX_CLOCK_OFFSET_MS);

// U+0000 and unpaired surrogates: PostgreSQL refuses both in jsonb (and U+0000 in text).
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what this looks for
const UNSTORABLE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether PostgreSQL would refuse this text (U+0000 or an unpaired surrogate). */
export const isUnstorableText = (text: string): boolean => UNSTORABLE_TEXT.test(text);

export type JsonProblem = 'nul' | 'depth';

/** Why a JSON value cannot be stored as jsonb, or null when it can. Iterative, so a value
 * nested thousands deep cannot overflow the stack that checks it. */
export function jsonProblem(value: unknown, maxDepth = MAX_JSON_DEPTH): JsonProblem | null {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [x, depth] = stack.pop()!;
    if (typeof x === 'string') {
      if (UNSTORABLE_TEXT.test(x)) return 'nul';
    } else if (x !== null && typeof x === 'object') {
      if (depth >= maxDepth) return 'depth';
      for (const [key, item] of Array.isArray(x) ? x.entries() : Object.entries(x)) {
        if (typeof key === 'string' && UNSTORABLE_TEXT.test(key)) return 'nul';
        stack.push([item, depth + 1]);
      }
    }
  }
  return null;
}

/** Text with every U+0000 replaced, for a text column. */
export const withoutNul = (text: string): string => text.replaceAll('\u0000', '\uFFFD');

/** What the mutation log keeps in place of arguments it cannot store. */
export function storableJson(value: unknown): unknown {
  const problem = jsonProblem(value);
  return problem ? { unstorable: problem } : value;
}
