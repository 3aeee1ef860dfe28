// Every mutation a device can record, by name. Adding one: declare it in its feature's file
// here (arguments, permission, tables, local apply), then give it a server handler in the
// feature's server folder; the server's registry fails the typecheck until it has one.
import type * as v from 'valibot';
import { emergencyMutations } from './emergency';
import { kioskMutations } from './kiosk';
import { preregistrationMutations } from './preregistration';
import { visitMutations } from './visits';

export const mutations = {
  ...visitMutations,
  ...kioskMutations,
  ...preregistrationMutations,
  ...emergencyMutations,
};

export type Mutations = typeof mutations;
export type MutationName = keyof Mutations & string;
export type ArgsOf<N extends MutationName> = v.InferOutput<Mutations[N]['args']>;
export const MUTATION_NAMES = Object.keys(mutations) as MutationName[];

export function isMutationName(name: string): name is MutationName {
  return Object.prototype.hasOwnProperty.call(mutations, name);
}
