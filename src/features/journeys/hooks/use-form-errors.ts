// Field errors as sentences: the form checks with the same domain schema as the server (its
// messages are i18n keys, translated here); the server's come back translated already.
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type * as v from 'valibot';
import { parse, type FieldErrors } from '../../../../domain/validation';

export function useFormErrors() {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<FieldErrors>({});
  const translate = useCallback(
    (keys: FieldErrors): FieldErrors =>
      Object.fromEntries(Object.entries(keys).map(([f, ks]) => [f, ks.map((k) => t(k, { defaultValue: k }))])),
    [t],
  );
  /** The parsed payload, or null after showing the errors (schema first, then the rules). */
  const check = useCallback(
    <S extends v.GenericSchema>(schema: S, payload: unknown, rules: (value: v.InferOutput<S>) => FieldErrors) => {
      const r = parse(schema, payload);
      const found = r.ok ? rules(r.value) : r.errors;
      setErrors(translate(found));
      return r.ok && Object.keys(found).length === 0 ? r.value : null;
    },
    [translate],
  );
  const errorOf = (field: string) => errors[field]?.join(' ');
  return { errors, setErrors, check, errorOf };
}
