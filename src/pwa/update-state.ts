// Service-worker update state shared by the admin prompt and (later) the kiosk, which applies
// a waiting version only when it is idle and its outbox is empty (DESIGN "Updates").
import { atom, useAtomValue, useSetAtom } from 'jotai';

export interface AppUpdate {
  /** A new version is installed and waiting. */
  ready: boolean;
  /** Activates the waiting service worker and reloads the page. */
  apply: () => Promise<void>;
}

const noUpdate: AppUpdate = { ready: false, apply: async () => undefined };

export const appUpdateAtom = atom<AppUpdate>(noUpdate);
/** The kiosk sets this while it is on screen so the admin prompt stays away and it decides itself. */
export const deferUpdatePromptAtom = atom(false);

export function useAppUpdate(): AppUpdate {
  return useAtomValue(appUpdateAtom);
}

export function useDeferUpdatePrompt(): (defer: boolean) => void {
  return useSetAtom(deferUpdatePromptAtom);
}

/**
 * Applies a waiting update only when `canApply` says so (kiosk: idle and outbox empty).
 * Returns true when it applied.
 */
export async function applyUpdateWhen(update: AppUpdate, canApply: () => boolean | Promise<boolean>): Promise<boolean> {
  if (!update.ready || !(await canApply())) return false;
  await update.apply();
  return true;
}
