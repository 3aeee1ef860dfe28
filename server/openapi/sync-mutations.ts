// The sync push body entry by entry: the envelope the route parses holds mutations, each of which
// the sync service parses with `pushedMutation` and its catalogue entry's `args` schema
// (sync/catalogue/mutations). One component per mutation, so /api/docs lists every name and its args.
import type * as v from 'valibot';
import { mutations } from '../../sync/catalogue';
import { pushedMutation } from '../../sync/protocol';
import { jsonSchemaOf as convert, type JsonSchema } from './json-schema';

/** components.schemas entries: `SyncMutation` (one of) and `SyncMutation.<name>` for each mutation. */
export function syncMutationSchemas(): Record<string, JsonSchema> {
  const entry = convert(pushedMutation);
  const schemas: Record<string, JsonSchema> = {};
  const refs: JsonSchema[] = [];
  for (const [name, def] of Object.entries(mutations) as Array<[string, { args: v.GenericSchema }]>) {
    const properties = { ...(entry.properties as Record<string, JsonSchema>) };
    properties.name = { const: name };
    properties.args = convert(def.args);
    schemas[`SyncMutation.${name}`] = { ...entry, title: name, properties };
    refs.push({ $ref: `#/components/schemas/SyncMutation.${name}` });
  }
  schemas.SyncMutation = { oneOf: refs };
  return schemas;
}

/** The push body: the parsed envelope, its entries described as catalogue mutations. */
export function withMutationEntries(envelope: JsonSchema): JsonSchema {
  return {
    allOf: [
      envelope,
      {
        properties: { mutations: { type: 'array', items: { $ref: '#/components/schemas/SyncMutation' } } },
      },
    ],
  };
}
