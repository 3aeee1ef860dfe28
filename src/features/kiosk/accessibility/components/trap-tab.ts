import { useEffect, type RefObject } from 'react';

/** Keeps Tab and Shift+Tab inside a modal sheet (a switch user never lands behind it), and
 * closes it on Escape where it can be closed. */
export function useSheetKeys(sheet: RefObject<HTMLElement | null>, open: boolean, onEscape?: () => void): void {
  useEffect(() => {
    const el = sheet.current;
    if (!open || !el) return;
    const keyed = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && onEscape) onEscape();
      if (e.key !== 'Tab') return;
      const focusable = [
        ...el.querySelectorAll<HTMLElement>('button:not(:disabled), input, select, textarea, a[href]'),
      ];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    };
    el.addEventListener('keydown', keyed);
    return () => el.removeEventListener('keydown', keyed);
  }, [sheet, open, onEscape]);
}
