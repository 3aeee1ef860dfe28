// Recording a mutation on the device: validate with the registry's schema, then in ONE local
// transaction take the next seq, write the outbox entry and apply the optimistic change.
import * as v from 'valibot';
import { fieldErrors, type FieldErrors } from '../domain/validation';
import type { OutboxEntry } from './engine';
import { isMutationName, mutations, type ArgsOf, type LocalTx, type MutationName, type TableName } from './catalogue';

export interface ClientTx extends LocalTx {
  /** Reads and advances the device's sequence inside the transaction. */
  nextSeq(): Promise<number>;
  addOutbox(entry: OutboxEntry): Promise<void>;
  /** This device's id, the signed-in user and the clock offset, read inside the transaction. */
  device(): Promise<DeviceContext>;
}

export interface DeviceContext {
  deviceId: string;
  userId: string;
  clockOffsetMs: number;
}

export interface MutateDeps {
  /** Runs fn in one read-write transaction over the outbox, meta and the given tables (every
   * synced table when none are given). */
  transaction<T>(fn: (tx: ClientTx) => Promise<T>, tables?: readonly TableName[]): Promise<T>;
  now(): number;
  newId(): string;
  /** The recording page's monotonic clock: the server time of its anchor and
   * the time elapsed since it, or null when this page or worker lifetime has no anchor yet.
   * Absent: no monotonic clock at all (entries go as before). */
  clock?(): ClockReading | null;
}

export interface ClockReading {
  anchorServerTime: number;
  sinceAnchorMs: number;
}

export type MutateResult = { ok: true; seq: number; mutationId: string } | { ok: false; errors: FieldErrors };

export async function mutate<N extends MutationName>(
  deps: MutateDeps,
  name: N,
  args: ArgsOf<N>,
): Promise<MutateResult> {
  const def = mutations[name];
  const parsed = v.safeParse(def.args, args);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.issues) };
  const mutationId = deps.newId();
  const clientTime = deps.now();
  const reading = deps.clock ? deps.clock() : undefined;
  const clock = reading ? { ...reading, clockTrusted: true } : reading === null ? { clockTrusted: false } : {};
  // One local transaction for everything: reading the device facts inside it costs no extra round trip.
  const seq = await deps.transaction(async (tx) => {
    const device = await tx.device();
    const next = await tx.nextSeq();
    // Both writes issued together: requests in one transaction run in the order issued, so this
    // saves a round trip to IndexedDB per mutation without changing what is written.
    await Promise.all([
      tx.addOutbox({
        seq: next,
        mutationId,
        name,
        args: parsed.output,
        clientTime,
        clockOffsetMs: device.clockOffsetMs,
        userId: device.userId,
        ...clock,
      }),
      (def.applyLocal as (t: LocalTx, a: unknown, m: unknown) => Promise<void>)(tx, parsed.output, {
        mutationId,
        deviceId: device.deviceId,
        userId: device.userId,
        correctedTime: reading ? reading.anchorServerTime + reading.sinceAnchorMs : clientTime + device.clockOffsetMs,
      }),
    ]);
    return next;
  }, def.tables);
  return { ok: true, seq, mutationId };
}

/** After a pull replaced local rows with the server's, pending changes go back on top. */
export async function reapplyPending(tx: LocalTx, pending: readonly OutboxEntry[], deviceId: string): Promise<void> {
  for (const entry of pending) {
    if (!isMutationName(entry.name)) continue;
    const def = mutations[entry.name];
    const parsed = v.safeParse(def.args, entry.args);
    if (!parsed.success) continue;
    await (def.applyLocal as (t: LocalTx, a: unknown, m: unknown) => Promise<void>)(tx, parsed.output, {
      mutationId: entry.mutationId,
      deviceId,
      userId: entry.userId,
      correctedTime: entry.clientTime + entry.clockOffsetMs,
    });
  }
}
