// The unsaved form, kept in this browser's storage as it is typed: configuration needs a
// connection, so offline (or on a reload) nothing typed is lost until it is saved.
import { useCallback, useEffect, useState } from 'react';
import { textsOf, type FormDraft } from './form-model';

const keyOf = (id: string | undefined) => `gatehouse.compliance-draft.${id ?? 'new'}`;

function readDraft(id: string | undefined): FormDraft | null {
  try {
    const raw = localStorage.getItem(keyOf(id));
    if (!raw) return null;
    const draft = JSON.parse(raw) as FormDraft;
    // A draft typed before names had a text per language held the name as one string.
    return typeof draft.name === 'string' ? { ...draft, name: textsOf(draft.name) } : draft;
  } catch {
    return null;
  }
}

/** [draft, set, restored, clear]: `restored` says the draft came from storage, not from the server. */
export function useFormDraft(id: string | undefined, initial: FormDraft | null) {
  const [stored] = useState(() => readDraft(id));
  const [draft, setDraft] = useState<FormDraft | null>(stored ?? initial);
  const [touched, setTouched] = useState(false);
  // The server's form arrives after the first render; a stored draft still wins.
  useEffect(() => {
    if (!stored && initial && !touched) setDraft(initial);
  }, [initial, stored, touched]);
  const set = useCallback(
    (change: (d: FormDraft) => FormDraft) => {
      setTouched(true);
      setDraft((d) => {
        if (!d) return d;
        const next = change(d);
        localStorage.setItem(keyOf(id), JSON.stringify(next));
        return next;
      });
    },
    [id],
  );
  const clear = useCallback(() => localStorage.removeItem(keyOf(id)), [id]);
  return { draft, set, restored: stored !== null, clear };
}
