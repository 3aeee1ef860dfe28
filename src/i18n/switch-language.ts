// The language switch of the top bar (spec 2 §2): overlay, save, set direction, reload.
import { LANGUAGE_STORAGE_KEY, type Language } from '../../domain/constants';
import { applyDocumentLanguage } from './init';

export interface SwitchLanguageDeps {
  showOverlay: () => void;
  /** Best effort: tells the server the user's language when logged in; never blocks the switch for long. */
  notifyServer?: (lang: Language) => Promise<unknown>;
  reload?: () => void;
}

/** How long the reload waits for the server to hear about the new language. */
const NOTIFY_WAIT_MS = 1_500;

export async function switchLanguage(lang: Language, deps: SwitchLanguageDeps): Promise<void> {
  deps.showOverlay();
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  applyDocumentLanguage(lang);
  if (deps.notifyServer) {
    // Best effort: a slow or absent server must not hold the page hostage; the choice is
    // already saved locally and applied by the reload.
    const settled = deps.notifyServer(lang).catch(() => undefined);
    await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, NOTIFY_WAIT_MS))]);
  }
  (deps.reload ?? (() => window.location.reload()))();
}

export const LANGUAGE_LABELS: Record<Language, string> = { en: 'English', ar: 'العربية', es: 'Español' };
