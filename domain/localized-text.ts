// Text an admin writes that a visitor reads (journey and flow names, instruction screens,
// questions, agreements, custom-field labels and options, section names): one text per content
// language, shown in the visitor's language and falling back to the company's default language.
import * as v from 'valibot';

export const CONTENT_LANGUAGES = ['en', 'ar', 'es'] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

/** A plain string (the company's default language, as stored before translations existed) or
 * one text per language. */
export type LocalizedText = string | Partial<Record<ContentLanguage, string>>;

const isContentLanguage = (x: string): x is ContentLanguage => (CONTENT_LANGUAGES as readonly string[]).includes(x);

/** The text in `language`, else in `fallback` (the company's default language), else the first
 * one written; '' when there is none. */
export function textIn(text: LocalizedText | null | undefined, language: string, fallback: string = 'en'): string {
  if (text == null) return '';
  if (typeof text === 'string') return text;
  const lang = language.slice(0, 2);
  if (isContentLanguage(lang) && text[lang]?.trim()) return text[lang]!;
  const base = fallback.slice(0, 2);
  if (isContentLanguage(base) && text[base]?.trim()) return text[base]!;
  return CONTENT_LANGUAGES.map((l) => text[l]).find((t) => t?.trim()) ?? '';
}

/** The languages without a text, for the editor's "missing translations" hint. A plain string
 * counts as written in `defaultLanguage` only. */
export function missingLanguages(
  text: LocalizedText | null | undefined,
  defaultLanguage: string = 'en',
): ContentLanguage[] {
  if (text == null) return [...CONTENT_LANGUAGES];
  if (typeof text === 'string')
    return CONTENT_LANGUAGES.filter((l) => !(l === defaultLanguage.slice(0, 2) && text.trim()));
  return CONTENT_LANGUAGES.filter((l) => !text[l]?.trim());
}

/** Whether the text is written right to left in `language` (for `dir` on content). */
export const contentDir = (language: string): 'rtl' | 'ltr' => (language.startsWith('ar') ? 'rtl' : 'ltr');

/** Valibot schema: a string or a per-language object, each text trimmed, at most `max`
 * characters, and at least `min` characters in at least one language. Messages are i18n keys. */
export function localizedTextSchema(max: number, min = 1) {
  const one = v.pipe(v.string('validation.required'), v.trim(), v.maxLength(max, 'validation.too_long'));
  return v.pipe(
    v.union([one, v.partial(v.strictObject({ en: one, ar: one, es: one }))], 'validation.required'),
    v.check((t) => {
      const texts = typeof t === 'string' ? [t] : Object.values(t);
      return texts.some((x) => typeof x === 'string' && x.length > 0);
    }, 'validation.required'),
    v.check(
      (t) => {
        const texts = (typeof t === 'string' ? [t] : Object.values(t)).filter((x): x is string => !!x);
        return texts.every((x) => x.length >= min);
      },
      min >= 2 ? 'validation.too_short' : 'validation.required',
    ),
  );
}
