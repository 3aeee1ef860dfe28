// The side menu's three modes (spec 1 §2): expanded on hover, collapsed, permanently
// expanded; the choice is kept in localStorage.
import { useCallback, useState } from 'react';

export const MENU_MODES = ['expanded', 'collapsed', 'hover'] as const;
export type MenuMode = (typeof MENU_MODES)[number];
export const MENU_MODE_STORAGE_KEY = 'menuMode';

export const NAVBAR_WIDTH_EXPANDED = 264;
export const NAVBAR_WIDTH_COMPACT = 76;

export function parseMenuMode(raw: string | null | undefined): MenuMode {
  return (MENU_MODES as readonly string[]).includes(raw ?? '') ? (raw as MenuMode) : 'expanded';
}

/** Width the page content leaves for the menu: the hover mode overlays, so it reserves the compact width. */
export function reservedWidth(mode: MenuMode): number {
  return mode === 'expanded' ? NAVBAR_WIDTH_EXPANDED : NAVBAR_WIDTH_COMPACT;
}

export function useMenuMode(): [MenuMode, (mode: MenuMode) => void] {
  const [mode, setMode] = useState<MenuMode>(() => {
    try {
      return parseMenuMode(localStorage.getItem(MENU_MODE_STORAGE_KEY));
    } catch {
      return 'expanded';
    }
  });
  const choose = useCallback((next: MenuMode) => {
    setMode(next);
    try {
      localStorage.setItem(MENU_MODE_STORAGE_KEY, next);
    } catch {
      // Private mode without storage: the choice lasts for this page only.
    }
  }, []);
  return [mode, choose];
}
