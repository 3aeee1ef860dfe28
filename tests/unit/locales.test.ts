// The three locale files carry the same keys, no empty values, and the same {{placeholders}}
// in each translation. Plural forms follow each language's own rules (i18next's `_zero`, `_one`,
// `_two`, `_few`, `_many`, `_other` suffixes): Arabic has six, English and Spanish fewer, and an
// Arabic singular or dual may say the number in words ("حقل واحد") instead of {{count}}.
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ar from '../../locales/ar.json';
import es from '../../locales/es.json';

type Dict = { [key: string]: string | Dict };

function flatten(dict: Dict, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(dict)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const locales = { en: flatten(en as Dict), ar: flatten(ar as Dict), es: flatten(es as Dict) };

const PLURAL = /_(zero|one|two|few|many|other)$/;
const base = (key: string) => key.replace(PLURAL, '');
/** The keys of a language with plural forms folded into their base key. */
const baseKeys = (lang: keyof typeof locales) => [...new Set([...locales[lang].keys()].map(base))].sort();
/** The plural categories a language needs, as Intl knows them (en: one, other; ar: all six). */
const categories = (lang: string) => new Intl.PluralRules(lang).resolvedOptions().pluralCategories as string[];

describe('locales', () => {
  it.each(['ar', 'es'] as const)('%s has exactly the keys of en', (lang) => {
    expect(baseKeys(lang)).toEqual(baseKeys('en'));
  });

  it.each(['en', 'ar', 'es'] as const)('%s has every plural form its language uses', (lang) => {
    const plural = [...new Set([...locales.en.keys()].filter((k) => PLURAL.test(k)).map(base))];
    const missing = plural.flatMap((key) =>
      categories(lang)
        .filter((c) => !locales[lang].has(`${key}_${c}`))
        // Spanish "many" (millions) falls back to "other" in i18next.
        .filter((c) => !(c === 'many' && locales[lang].has(`${key}_other`) && lang !== 'ar'))
        .map((c) => `${key}_${c}`),
    );
    expect(missing).toEqual([]);
  });

  it.each(['en', 'ar', 'es'] as const)('%s has no empty value', (lang) => {
    const empty = [...locales[lang]].filter(([, v]) => !v.trim()).map(([k]) => k);
    expect(empty).toEqual([]);
  });

  it.each(['ar', 'es'] as const)('%s keeps the placeholders of en', (lang) => {
    for (const [key, text] of locales[lang]) {
      const english = locales.en.get(key) ?? locales.en.get(`${base(key)}_other`) ?? locales.en.get(base(key)) ?? '';
      const wanted = placeholders(english);
      // A singular, dual or zero form may name its number in words.
      const acceptable = [wanted, ...(/_(zero|one|two)$/.test(key) ? [wanted.filter((p) => p !== 'count')] : [])];
      expect(
        acceptable.map((a) => a.join()),
        key,
      ).toContain(placeholders(text).join());
    }
  });

  it('translates rather than copies English in the sections the app adds', () => {
    for (const lang of ['ar', 'es'] as const) {
      const copies = [...locales.en].filter(
        ([key, text]) => /^(layout|auth|dashboard|common)\./.test(key) && locales[lang].get(key) === text,
      );
      expect(copies, lang).toEqual([]);
    }
  });

  it('keeps the shared errors and validation sections', () => {
    for (const key of ['errors.call_administrator', 'errors.invalid_credentials', 'validation.required']) {
      expect(locales.en.has(key)).toBe(true);
    }
  });
});
