// Turns valibot issues into the API's `errors` shape: field → [i18n keys].
import * as v from 'valibot';

export type FieldErrors = Record<string, string[]>;

export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path?.map((p) => String(p.key)).join('.') || '_';
    (out[field] ??= []).push(issue.message);
  }
  return out;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

export function parse<S extends v.GenericSchema>(schema: S, input: unknown): Parsed<v.InferOutput<S>> {
  const result = v.safeParse(schema, input);
  return result.success ? { ok: true, value: result.output } : { ok: false, errors: fieldErrors(result.issues) };
}
