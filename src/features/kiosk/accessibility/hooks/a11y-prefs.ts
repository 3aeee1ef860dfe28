// The visitor's accessibility choices. They last for this visitor's journey only: kept in
// sessionStorage so that choosing another language (which reloads the kiosk) keeps them, and
// cleared when the kiosk returns home for the next visitor.
export interface A11yPrefs {
  speech: boolean;
  largeText: boolean;
  contrast: boolean;
  reach: boolean;
}
export type A11yMode = keyof A11yPrefs;
export const A11Y_MODES: readonly A11yMode[] = ['speech', 'largeText', 'contrast', 'reach'];
export const NO_PREFS: A11yPrefs = { speech: false, largeText: false, contrast: false, reach: false };

const KEY = 'gatehouse-kiosk-a11y';

export function loadPrefs(): A11yPrefs {
  try {
    const raw = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<A11yPrefs> | null;
    return Object.fromEntries(A11Y_MODES.map((m) => [m, raw?.[m] === true])) as unknown as A11yPrefs;
  } catch {
    return NO_PREFS;
  }
}

export function savePrefs(p: A11yPrefs): void {
  try {
    if (A11Y_MODES.some((m) => p[m])) sessionStorage.setItem(KEY, JSON.stringify(p));
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): the choices still hold until the page reloads.
  }
}
