// Turns valibot issues into the API's `errors` shape: field → [i18n keys].
import * as v from 'valibot';
import { isUnstorableText } from './bounds';

export type FieldErrors = Record<string, string[]>;

export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path?.map((p) => String(p.key)).join('.') || '_';
    // One message per field, the first the schema raised ("required" before "not valid"):
    // a form shows one line under a field, never two stacked ones.
    out[field] ??= [issue.message];
  }
  return out;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

export function parse<S extends v.GenericSchema>(schema: S, input: unknown): Parsed<v.InferOutput<S>> {
  const result = v.safeParse(schema, input);
  if (!result.success) return { ok: false, errors: fieldErrors(result.issues) };
  // What the schema let through is what gets stored: it must hold only storable text.
  const textErrors = unstorableTextErrors(result.output);
  return textErrors ? { ok: false, errors: textErrors } : { ok: true, value: result.output };
}

// U+0000 and unpaired UTF-16 surrogates: PostgreSQL refuses them in text and jsonb (22021,
// 22P05), so they are refused here with a field message, before anything is written.
const MAX_TEXT_ERRORS = 20;

/** Field errors for every string (value or object key) in `value` that cannot be stored; null when none. */
export function unstorableTextErrors(value: unknown): FieldErrors | null {
  const out: FieldErrors = {};
  let found = 0;
  // Iterative, so a deeply nested payload cannot overflow the stack.
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  while (stack.length && found < MAX_TEXT_ERRORS) {
    const { value: node, path } = stack.pop()!;
    if (typeof node === 'string') {
      if (isUnstorableText(node)) {
        (out[path || '_'] ??= []).push('validation.text_characters');
        found++;
      }
    } else if (node && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) {
        const childPath = path ? `${path}.${key}` : key;
        if (isUnstorableText(key)) {
          (out[path || '_'] ??= []).push('validation.text_characters');
          found++;
          continue;
        }
        stack.push({ value: child, path: childPath });
      }
    }
  }
  return found ? out : null;
}
