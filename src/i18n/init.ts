// i18next setup. The locale files are split at build time (scripts/locale-split.ts): the admin
// app loads a language's whole dictionary, the kiosk and the public pages only the sections
// their screens use. Every part is a lazy chunk precached by the service worker. The stored
// language sets <html lang dir> before the first render.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, type Language } from '../../domain/constants';
import { directionOf, pickLanguage } from '../../domain/i18n';

type Dictionary = Record<string, unknown>;
export type LocalePart = 'all' | 'kiosk' | 'public';
type Loader = () => Promise<{ default: Dictionary }>;

// Literal specifiers, so the bundler makes one chunk per language and part.
const loaders: Record<Language, Record<LocalePart, Loader>> = {
  en: {
    all: () => import('virtual:locale/en-all'),
    kiosk: () => import('virtual:locale/en-kiosk'),
    public: () => import('virtual:locale/en-public'),
  },
  ar: {
    all: () => import('virtual:locale/ar-all'),
    kiosk: () => import('virtual:locale/ar-kiosk'),
    public: () => import('virtual:locale/ar-public'),
  },
  es: {
    all: () => import('virtual:locale/es-all'),
    kiosk: () => import('virtual:locale/es-kiosk'),
    public: () => import('virtual:locale/es-public'),
  },
};

export function storedLanguage(): Language {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    raw = null;
  }
  return pickLanguage(raw, DEFAULT_LANGUAGE);
}

export function applyDocumentLanguage(lang: Language): void {
  document.documentElement.lang = lang;
  document.documentElement.dir = directionOf(lang);
}

/** A light part that misses a key (a section the build did not see) loads the whole dictionary
 * once; react-i18next re-renders when it is added, so a raw key never stays on screen. */
function completeOnMiss(langs: Language[]): () => void {
  let started = false;
  return () => {
    if (started) return;
    started = true;
    console.warn('gatehouse: a string was missing from this page’s locale part; loading the whole locale');
    for (const lang of langs) {
      loaders[lang]
        .all()
        .then((m) => i18next.addResourceBundle(lang, 'translation', m.default, true, false))
        .catch((error: unknown) => console.warn(`gatehouse: could not load the ${lang} locale`, error));
    }
  };
}

export async function initI18n(part: LocalePart = 'all', lang: Language = storedLanguage()): Promise<Language> {
  applyDocumentLanguage(lang);
  const resources: Record<string, { translation: Dictionary }> = {};
  let active: Language = lang;
  const [english, chosen] = await Promise.allSettled([
    loaders.en[part](),
    lang === 'en' ? Promise.resolve(undefined) : loaders[lang][part](),
  ]);
  if (english.status === 'rejected') throw english.reason;
  resources.en = { translation: english.value.default };
  if (chosen.status === 'fulfilled' && chosen.value) resources[lang] = { translation: chosen.value.default };
  else if (chosen.status === 'rejected') {
    // A missing chunk (first visit offline before the precache finished) falls back to English.
    console.warn(`gatehouse: could not load the ${lang} locale`, chosen.reason);
    active = 'en';
    applyDocumentLanguage('en');
  }
  await i18next.use(initReactI18next).init({
    lng: active,
    fallbackLng: 'en',
    resources,
    interpolation: { escapeValue: false },
    returnNull: false,
    // Light parts: a miss loads the rest, and adding it re-renders the screens that use t().
    saveMissing: part !== 'all',
    missingKeyHandler: part === 'all' ? false : completeOnMiss(active === 'en' ? ['en'] : ['en', active]),
    react: { bindI18nStore: part === 'all' ? '' : 'added' },
  });
  return active;
}
