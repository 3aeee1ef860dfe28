// Per-admin grid preferences (spec 1 §3): the column set (table_head) and the saved filters
// (url), stored on the server per page and cached locally so an offline reload keeps them.
// Shared by every grid page (the dashboard's logbook and the reports).
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from './client';

export interface GridPreference {
  table_head: string[];
  url: string;
}

const cacheKey = (page: string) => `gridPreference:${page}`;

function cached(page: string): GridPreference | null {
  try {
    const raw = localStorage.getItem(cacheKey(page));
    return raw ? (JSON.parse(raw) as GridPreference) : null;
  } catch {
    return null;
  }
}

export function useGridPreference(page: string) {
  const [pref, setPref] = useState<GridPreference | null>(() => cached(page));
  const [loaded, setLoaded] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A change made before the stored preference arrived wins over it (a slow answer must not undo it).
  const changed = useRef(false);

  useEffect(() => {
    let live = true;
    void api
      .get<{ data: GridPreference | null }>(`/grid_preferences?page_url=${encodeURIComponent(page)}`)
      .then((res) => {
        if (!live) return;
        if (res.ok && res.data.data && !changed.current) {
          setPref(res.data.data);
          localStorage.setItem(cacheKey(page), JSON.stringify(res.data.data));
        }
        setLoaded(true);
      });
    return () => {
      live = false;
    };
  }, [page]);

  /** Saves soon after the last change (typing in the search box is one save). */
  const save = useCallback(
    (next: GridPreference) => {
      changed.current = true;
      setPref(next);
      localStorage.setItem(cacheKey(page), JSON.stringify(next));
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        void api.request('PUT', '/grid_preferences', {
          body: { page_url: page, table_head: next.table_head, url: next.url },
        });
      }, 400);
    },
    [page],
  );

  return { pref, loaded: loaded || pref !== null, save };
}
