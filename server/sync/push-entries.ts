// Reading one entry of a push batch. A malformed entry is rejected alone: when
// its seq and mutation id fit the mutation log it is logged like any rejection (so a replay and
// a pull say the same), otherwise it is answered by seq only. Whatever the log keeps must be
// storable, or one bad entry would fail the whole batch on every retry.
import * as v from 'valibot';
import { clockOffsetMs, epochMs, int4, jsonProblem, storableJson, withoutNul } from '../../domain/bounds';
import { mutationIdSchema, pushedMutation, type PushedMutation, type PushEnvelope } from '../../sync/protocol';

export type RawEntry = PushEnvelope['mutations'][number];

export type ReadEntry =
  | { ok: true; m: PushedMutation }
  /** loggable: seq and mutationId fit the log's keys, so the rejection is recorded. */
  | { ok: false; m: PushedMutation; loggable: boolean };

const logKey = v.object({ seq: int4(1), mutationId: mutationIdSchema });
const orZero = (schema: v.GenericSchema<unknown, number>, x: unknown): number => (v.is(schema, x) ? (x as number) : 0);

/** A `__proto__` key, or `constructor.prototype`, anywhere in the entry. The
 * push route parses them as plain keys so one such entry cannot fail its batch; it is refused here. */
export function prototypeKeyIn(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const x = stack.pop();
    if (x === null || typeof x !== 'object') continue;
    for (const key of Object.keys(x)) {
      const item = (x as Record<string, unknown>)[key];
      if (key === '__proto__') return true;
      if (key === 'constructor' && item !== null && typeof item === 'object' && Object.hasOwn(item, 'prototype'))
        return true;
      stack.push(item);
    }
  }
  return false;
}

export function readEntry(raw: RawEntry): ReadEntry {
  const poisoned = prototypeKeyIn(raw);
  const parsed = poisoned ? null : v.safeParse(pushedMutation, raw);
  if (parsed?.success) return { ok: true, m: parsed.output };
  return {
    ok: false,
    loggable: v.is(logKey, raw),
    m: {
      seq: raw.seq as number,
      mutationId: typeof raw.mutationId === 'string' ? raw.mutationId.slice(0, 64) : '',
      name: typeof raw.name === 'string' ? raw.name.slice(0, 64) : '',
      // Prototype keys are never stored, nor handed back by a pull.
      args: poisoned ? { unstorable: 'prototype' } : raw.args,
      // The audit trail keeps 0 for a time it could not store; the rejection says why.
      clientTime: orZero(epochMs, raw.clientTime),
      clockOffsetMs: orZero(clockOffsetMs, raw.clockOffsetMs),
    },
  };
}

/** Arguments PostgreSQL's jsonb would refuse (U+0000, unpaired surrogates, deep nesting). */
export const unstorableArgs = (args: unknown): boolean => jsonProblem(args) !== null;

/** The log row's name and arguments, made storable: text without U+0000, jsonb it accepts. */
export function logSafe(m: PushedMutation): { name: string; args: object | null } {
  const args = storableJson(m.args);
  return { name: withoutNul(m.name), args: args === undefined ? null : (args as object) };
}
