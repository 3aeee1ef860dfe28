// The mutation registry: name → argument schema → local optimistic apply. The server's
// apply for each name lives in server/sync (checked there to cover every name here).
// Adding a mutation is adding one entry.
import * as v from 'valibot';
import { signInArgs, signOutArgs, updateDetailsArgs } from '../domain/schemas/visits';
import { kioskMutations } from './kiosk-mutations';
import { preregistrationMutations } from './preregistration-mutations';
import { emergencyMutations } from './emergency-mutations';

export type Row = Record<string, unknown> & { id: string };

/** What a local apply may do: the client implements it on Dexie inside the outbox transaction. */
export interface LocalTx {
  get(table: string, id: string): Promise<Row | undefined>;
  put(table: string, row: Row): Promise<void>;
}

export interface MutationMeta {
  mutationId: string;
  deviceId: string;
  /** The user who recorded it (a warden's mark names its warden). */
  userId: string;
  /** The device clock plus its measured offset to the server. */
  correctedTime: number;
}

export interface MutationDef<S extends v.GenericSchema = v.GenericSchema> {
  args: S;
  /** The local tables applyLocal reads or writes. The device locks only these (with the outbox),
   * so recording one change never waits behind unrelated reads or a pull; omitted, it locks
   * every synced table. */
  tables?: readonly string[];
  applyLocal(tx: LocalTx, args: v.InferOutput<S>, meta: MutationMeta): Promise<void>;
}

const define = <S extends v.GenericSchema>(def: MutationDef<S>): MutationDef<S> => def;

export const mutations = {
  'visit.signIn': define({
    args: signInArgs,
    tables: ['visitEvents'],
    async applyLocal(tx, a) {
      await tx.put('visitEvents', {
        id: a.eventId, personId: a.personId, kind: 'in', areaId: a.areaId, at: a.at,
        journeyFlowId: a.journeyFlowId ?? null, userTypeId: a.userTypeId ?? null, details: a.details ?? null, pending: 1,
      });
    },
  }),
  'visit.signOut': define({
    args: signOutArgs,
    tables: ['visitEvents'],
    async applyLocal(tx, a) {
      await tx.put('visitEvents', { id: a.eventId, personId: a.personId, kind: 'out', areaId: a.areaId ?? null, at: a.at, details: a.details ?? null, pending: 1 });
    },
  }),
  'person.updateDetails': define({
    args: updateDetailsArgs,
    tables: ['people'],
    async applyLocal(tx, a) {
      const person = await tx.get('people', a.personId);
      if (!person) return;
      const patch = Object.fromEntries(Object.entries(a.patch).filter(([, value]) => value !== undefined));
      await tx.put('people', { ...person, ...patch, pendingEdit: 1 });
    },
  }),
  ...kioskMutations,
  ...preregistrationMutations,
  ...emergencyMutations,
};

export type MutationName = keyof typeof mutations;
export type ArgsOf<N extends MutationName> = v.InferOutput<(typeof mutations)[N]['args']>;
export const MUTATION_NAMES = Object.keys(mutations) as MutationName[];

export function isMutationName(name: string): name is MutationName {
  return Object.prototype.hasOwnProperty.call(mutations, name);
}
