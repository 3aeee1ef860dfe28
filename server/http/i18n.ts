// Server-side translation of catalogue codes and validation keys into the caller's language.
import { translate } from '../../domain/i18n';
import type { Language } from '../../domain/constants';
import en from '../../locales/en.json' with { type: 'json' };
import ar from '../../locales/ar.json' with { type: 'json' };
import es from '../../locales/es.json' with { type: 'json' };

type Dict = Parameters<typeof translate>[0];
const dictionaries: Record<Language, Dict> = { en, ar, es } as Record<Language, Dict>;

/** Translates a dotted key ("errors.not_found"); falls back to English, then to the key itself. */
export function t(lang: Language, key: string, params?: Record<string, string | number>): string {
  return translate(dictionaries[lang], key, params) ?? translate(dictionaries.en, key, params) ?? key;
}

/** Catalogue code → sentence, e.g. 'invalid_credentials'. */
export const errorMessage = (lang: Language, code: string, params?: Record<string, string | number>): string =>
  t(lang, `errors.${code}`, params);

/** Validation keys from domain schemas are i18n keys; valibot's own defaults are English text. */
export function validationMessage(lang: Language, key: string): string {
  if (/^(validation|errors)\.[a-z_]+$/.test(key)) return t(lang, key);
  // A feature's own validation section (e.g. "announcements.validation.expiry_past").
  if (/^[a-zA-Z]+\.validation\.[a-z_]+$/.test(key)) return t(lang, key);
  return t(lang, 'validation.required');
}
