// What a server feature implements for each mutation of the sync catalogue (sync/catalogue):
// its apply inside the push transaction. The features' handlers are assembled above this folder
// (server/sync-registry.ts); this folder is infrastructure and imports no feature.
import type { SQL } from 'drizzle-orm';
import type { ArgsOf, MutationName } from '../../sync/catalogue';
import type { RequestContext } from '../http/context';
import type { Notice } from '../../sync/events';
import type { ChangeInput, Tx } from './changes';

export interface ApplyContext {
  tx: Tx;
  ctx: RequestContext;
  deviceId: string;
  mutationId: string;
  clockOffsetMs: number;
  /** A device time of this mutation (e.g. `args.at`) on the server clock, bounded by the push's
   * receipt and the device's previous events; the receipt time when the device's clock cannot
   * be trusted. Use it, never `at + clockOffsetMs`. */
  time(deviceMs: number): number;
  /** False when `time` answers the receipt: the event is flagged for an admin. */
  clockTrusted: boolean;
  receivedAt: Date;
  change(c: ChangeInput): void;
  /** A real-time event for the entity room, sent after the push commits (dropped if this mutation is rejected). */
  notify(notice: Notice): void;
}

/** A bulk apply runs BEFORE the push takes the company's feed lock (every statement
 * under the lock is a round trip every other push of the company waits for). So it reads only
 * what no concurrent push changes (configuration, people), then calls `serial()` before it
 * writes or reads what pushes write (events, presence). */
export interface BulkApplyContext extends Omit<
  ApplyContext,
  'mutationId' | 'clockOffsetMs' | 'notify' | 'time' | 'clockTrusted'
> {
  /** Takes the feed lock (once per push; a no-op after): from here on, every read sees every
   * push of the company committed before, and none commits until this one has. */
  serial(): Promise<void>;
  /** `first` (one insert … returning) under the feed lock, the lock taken in the same round trip
   * when not held yet: `first(gate)` puts `gate` in the WHERE of the select its rows come from
   * (server/sync/changes.ts lockFeedWith). Answers the rows it returned. */
  serialWith<R>(first: (gate: SQL) => SQL): Promise<R[]>;
  /** A statement that must see every earlier push (e.g. re-pairing visits), run under the lock in
   * the push's last round trip, with the log and the feed; dropped if this apply fails. */
  atCommit(statement: SQL): void;
}

export interface BatchItem<N extends MutationName> {
  name: N;
  args: ArgsOf<N>;
  mutationId: string;
  clockOffsetMs: number;
  time(deviceMs: number): number;
  clockTrusted: boolean;
}

/** A mutation's server apply; it throws ApiError to reject the mutation alone. The permission it
 * needs is declared in the catalogue, and the push checks it before calling apply. */
export interface ServerMutation<N extends MutationName> {
  apply(a: ApplyContext, args: ArgsOf<N>): Promise<void>;
  /** Optional bulk apply for a run of these mutations: one rejection code (or null) per item.
   * Mutations sharing a batchKey are grouped together when they come one after another. */
  applyMany?(a: BulkApplyContext, items: Array<BatchItem<N>>): Promise<Array<string | null>>;
  batchKey?: string;
}

/** Every mutation's server apply: a missing one is a type error where they are assembled. */
export type ServerMutations = { [N in MutationName]: ServerMutation<N> };

/** A feature's share of the server registry. */
export type FeatureMutations<N extends MutationName> = { [K in N]: ServerMutation<K> };
