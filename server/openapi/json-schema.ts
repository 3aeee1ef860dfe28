// valibot → JSON Schema 2020-12 (the dialect of OpenAPI 3.1) with @valibot/to-json-schema.
// Request schemas are converted as their input type (what a caller sends): conversion stops at a
// transform, and refinements it cannot express (custom checks) are left out rather than failing.
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';

export type JsonSchema = Record<string, unknown>;

export function jsonSchemaOf(schema: v.GenericSchema, mode: 'input' | 'output' = 'input'): JsonSchema {
  const { $schema: _dialect, ...rest } = toJsonSchema(schema, {
    target: 'draft-2020-12',
    typeMode: mode,
    errorMode: 'ignore',
  }) as JsonSchema;
  return rest;
}
