// Parses a payload with a domain valibot schema or throws a 400 with per-field errors.
import type * as v from 'valibot';
import { parse } from '../../domain/validation';
import { invalid } from './api-error';
import { noteSchema } from './route-schemas';

export function parseOrThrow<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  noteSchema(schema, input);
  const result = parse(schema, input);
  if (!result.ok) throw invalid(result.errors);
  return result.value;
}
