// defineMutation: a mutation's declaration, with its local apply typed by the tables it names.
import type * as v from 'valibot';
import type { MutationDefOf } from '../define';
import type { LocalRows, TableName } from '../tables';

export type MutationDef<S extends v.GenericSchema = v.GenericSchema, T extends TableName = TableName> = MutationDefOf<
  LocalRows,
  S,
  T
>;

export const defineMutation = <S extends v.GenericSchema, T extends TableName>(
  def: MutationDef<S, T>,
): MutationDef<S, T> => def;
