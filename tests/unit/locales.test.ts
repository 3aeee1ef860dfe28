// The three locale files carry exactly the same keys, no empty values, and the same
// {{placeholders}} in each translation.
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

describe('locales', () => {
  it.each(['ar', 'es'] as const)('%s has exactly the keys of en', (lang) => {
    expect([...locales[lang].keys()].sort()).toEqual([...locales.en.keys()].sort());
  });

  it.each(['en', 'ar', 'es'] as const)('%s has no empty value', (lang) => {
    const empty = [...locales[lang]].filter(([, v]) => !v.trim()).map(([k]) => k);
    expect(empty).toEqual([]);
  });

  it.each(['ar', 'es'] as const)('%s keeps the placeholders of en', (lang) => {
    for (const [key, text] of locales.en)
      expect(placeholders(locales[lang].get(key) ?? ''), key).toEqual(placeholders(text));
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
