// Language helpers shared by the app and the server.
import { DEFAULT_LANGUAGE, LANGUAGES, RTL_LANGUAGES, type Language } from './constants';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function directionOf(lang: Language): 'rtl' | 'ltr' {
  return RTL_LANGUAGES.includes(lang) ? 'rtl' : 'ltr';
}

/** Picks a supported language from a stored value or an Accept-Language header. */
export function pickLanguage(...candidates: Array<string | null | undefined>): Language {
  for (const c of candidates) {
    if (!c) continue;
    for (const part of c.split(',')) {
      const tag = part.split(';')[0]!.trim().slice(0, 2).toLowerCase();
      if (isLanguage(tag)) return tag;
    }
  }
  return DEFAULT_LANGUAGE;
}

type Dict = { [key: string]: string | Dict };

/** Looks up a dotted key such as "errors.email_exists" and fills {{params}}. */
export function translate(dict: Dict, key: string, params: Record<string, string | number> = {}): string | undefined {
  let node: string | Dict | undefined = dict;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  if (typeof node !== 'string') return undefined;
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
