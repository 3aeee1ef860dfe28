// i18next setup: English is bundled, Arabic and Spanish are lazy chunks (precached by the
// service worker). The stored language sets <html lang dir> before the first render.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../locales/en.json';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, type Language } from '../../domain/constants';
import { directionOf, pickLanguage } from '../../domain/i18n';

type Dictionary = typeof en;

const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: Dictionary }>> = {
  ar: () => import('../../locales/ar.json'),
  es: () => import('../../locales/es.json'),
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

export async function initI18n(lang: Language = storedLanguage()): Promise<Language> {
  applyDocumentLanguage(lang);
  const resources: Record<string, { translation: Dictionary }> = { en: { translation: en } };
  let active: Language = lang;
  if (lang !== 'en') {
    try {
      resources[lang] = { translation: (await loaders[lang]()).default };
    } catch (error) {
      // A missing chunk (first visit offline before the precache finished) falls back to English.
      console.warn(`gatehouse: could not load the ${lang} locale`, error);
      active = 'en';
      applyDocumentLanguage('en');
    }
  }
  await i18next.use(initReactI18next).init({
    lng: active,
    fallbackLng: 'en',
    resources,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return active;
}
