// What a person typed into a configuration form, kept in sessionStorage until it is saved, so
// an offline save that is refused (or a reload) loses nothing.
import { useCallback, useEffect, useRef, useState } from 'react';

const PREFIX = 'gatehouse.draft:';

export function readDraft<T>(storage: Storage, key: string): T | undefined {
  try {
    const raw = storage.getItem(PREFIX + key);
    return raw === null ? undefined : (JSON.parse(raw) as T);
  } catch {
    return undefined;
  }
}

export function writeDraft(storage: Storage, key: string, value: unknown): void {
  try {
    storage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // A full or blocked storage only loses the draft, never the form on screen.
  }
}

export function clearDraft(storage: Storage, key: string): void {
  storage.removeItem(PREFIX + key);
}

/**
 * A form's state that survives a reload: `initial` until the person types, then what they typed,
 * until `clear()` (after a successful save or a cancel). A `null` key keeps nothing.
 */
export function useFormDraft<T>(key: string | null, initial: T) {
  const [value, setValue] = useState<T>(() => (key ? (readDraft<T>(sessionStorage, key) ?? initial) : initial));
  const touched = useRef(key ? readDraft(sessionStorage, key) !== undefined : false);
  const initialJson = JSON.stringify(initial);
  // A new key (another record) or new initial values (loaded later) reset an untouched form.
  useEffect(() => {
    const stored = key ? readDraft<T>(sessionStorage, key) : undefined;
    touched.current = stored !== undefined;
    setValue(stored ?? (JSON.parse(initialJson) as T));
  }, [key, initialJson]);
  const set = useCallback(
    (next: T) => {
      touched.current = true;
      setValue(next);
      if (key) writeDraft(sessionStorage, key, next);
    },
    [key],
  );
  const clear = useCallback(() => {
    touched.current = false;
    if (key) clearDraft(sessionStorage, key);
  }, [key]);
  return { value, set, clear, hasDraft: () => touched.current };
}
