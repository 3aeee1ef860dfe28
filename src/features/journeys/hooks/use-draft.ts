// An unsaved form kept on this device (localStorage), so nothing typed is lost on a reload or
// while offline; cleared once the server has saved it.
import { useCallback, useEffect, useState } from 'react';

const PREFIX = 'gh.journeys.draft.';

export function readDraft<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

/** [value, set, clear, restored]: `restored` is true when the value came from a kept draft. */
export function useDraft<T>(key: string, initial: T | null) {
  const [state, setState] = useState<{ key: string; value: T | null; restored: boolean }>(() => {
    const kept = readDraft<T>(key);
    return { key, value: kept ?? initial, restored: kept !== null };
  });
  // A new key (another journey) or the server's copy arriving for a form with no draft.
  useEffect(() => {
    setState((s) => {
      if (s.key !== key) {
        const kept = readDraft<T>(key);
        return { key, value: kept ?? initial, restored: kept !== null };
      }
      return s.value === null && initial !== null ? { ...s, value: initial } : s;
    });
  }, [key, initial]);
  const set = useCallback(
    (update: (v: T) => T) =>
      setState((s) => {
        if (s.value === null) return s;
        const value = update(s.value);
        try {
          localStorage.setItem(PREFIX + s.key, JSON.stringify(value));
        } catch {
          // Storage full or blocked: the form still works, only the reload safety is lost.
        }
        return { ...s, value };
      }),
    [],
  );
  const clear = useCallback(() => {
    localStorage.removeItem(PREFIX + key);
    setState((s) => ({ ...s, restored: false }));
  }, [key]);
  return [state.value, set, clear, state.restored] as const;
}
