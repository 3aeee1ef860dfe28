// Text an admin writes that a visitor reads (journey and flow names, instruction screens,
// questions, agreements, custom-field labels and options, section names): one text per content
// language, shown in the visitor's language and falling back to the company's default language.
import * as v from 'valibot';

export const CONTENT_LANGUAGES = ['en', 'ar', 'es'] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

/** A plain string (the company's default language, as stored before translations existed) or
 * one text per language. */
export type LocalizedText = string | Partial<Record<ContentLanguage, string>>;

/** A text as an editor holds it: one input per language, an empty one a missing translation. */
export type Texts = Partial<Record<ContentLanguage, string>>;

/** The editable shape of a stored text (a plain string is `defaultLanguage`'s). */
export const textsOf = (text: LocalizedText | null | undefined, defaultLanguage: string = 'en'): Texts =>
  typeof text === 'string' ? { [defaultLanguage.slice(0, 2)]: text } : { ...text };

/** What an editor sends: only the languages written, trimmed. */
export const writtenTexts = (text: Texts): Texts =>
  Object.fromEntries(CONTENT_LANGUAGES.flatMap((l) => (text[l]?.trim() ? [[l, text[l]!.trim()]] : [])));

const isContentLanguage = (x: string): x is ContentLanguage => (CONTENT_LANGUAGES as readonly string[]).includes(x);

/** The text in `language`, else in `fallback` (the company's default language), else the first
 * one written; '' when there is none. */
export function textIn(text: LocalizedText | null | undefined, language: string, fallback: string = 'en'): string {
  return pickText(text, language, fallback).text;
}

/** textIn's choice with the language it is written in (a kiosk reads it aloud in that voice). */
export function pickText(
  text: LocalizedText | null | undefined,
  language: string,
  fallback: string = 'en',
): { text: string; language: string } {
  const base = fallback.slice(0, 2);
  if (text == null) return { text: '', language: base };
  if (typeof text === 'string') return { text, language: base };
  const lang = language.slice(0, 2);
  if (isContentLanguage(lang) && text[lang]?.trim()) return { text: text[lang]!, language: lang };
  if (isContentLanguage(base) && text[base]?.trim()) return { text: text[base]!, language: base };
  const first = CONTENT_LANGUAGES.find((l) => text[l]?.trim());
  return first ? { text: text[first]!, language: first } : { text: '', language: base };
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
 * characters, and at least `min` characters in at least one language. Messages are i18n keys;
 * a form whose catalogue has its own (announcements) names them. */
export function localizedTextSchema(
  max: number,
  min = 1,
  messages: { required?: string; tooLong?: string; tooShort?: string } = {},
) {
  const required = messages.required ?? 'validation.required';
  const tooLong = messages.tooLong ?? 'validation.too_long';
  const tooShort = min >= 2 ? (messages.tooShort ?? 'validation.too_short') : required;
  const one = v.pipe(v.string(required), v.trim());
  // Length is checked on the whole text, so a message is the field's (beside its inputs), not
  // one language's.
  const texts = (t: string | Partial<Record<ContentLanguage, string>>) =>
    (typeof t === 'string' ? [t] : Object.values(t)).filter((x): x is string => typeof x === 'string');
  return v.pipe(
    v.union([one, v.partial(v.strictObject({ en: one, ar: one, es: one }))], required),
    v.check((t) => texts(t).some((x) => x.length > 0), required),
    v.check((t) => texts(t).every((x) => x.length <= max), tooLong),
    v.check((t) => texts(t).every((x) => !x || x.length >= min), tooShort),
  );
}
