// Per-admin grid preferences (spec 1 §3): the column set (table_head) and the saved filters
// (url), stored on the server per page and cached locally so an offline reload keeps them.
// Shared by every grid page (the dashboard's logbook and the reports).
import { useCallback, useEffect, useState } from 'react';
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

/** Saves per page, shared by every mounted copy of a grid (a route change can remount it while a
 * save waits): one debounce, and each PUT sent only after the one before it has answered, so the
 * server keeps the last change, never an earlier one that arrived late. */
interface Saves {
  timer?: ReturnType<typeof setTimeout>;
  chain: Promise<unknown>;
  /** A change not yet confirmed by the server: the stored preference must not undo it. */
  unsaved: boolean;
}
const saves = new Map<string, Saves>();
const savesOf = (page: string): Saves => {
  let s = saves.get(page);
  if (!s) saves.set(page, (s = { chain: Promise.resolve(), unsaved: false }));
  return s;
};

export function useGridPreference(page: string) {
  const [pref, setPref] = useState<GridPreference | null>(() => cached(page));
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    let live = true;
    void api
      .get<{ data: GridPreference | null }>(`/grid_preferences?page_url=${encodeURIComponent(page)}`)
      .then((res) => {
        if (!live) return;
        if (res.ok && res.data.data && !savesOf(page).unsaved) {
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
      setPref(next);
      localStorage.setItem(cacheKey(page), JSON.stringify(next));
      const s = savesOf(page);
      s.unsaved = true;
      clearTimeout(s.timer);
      s.timer = setTimeout(() => {
        s.timer = undefined;
        s.chain = s.chain
          .then(() =>
            api.request('PUT', '/grid_preferences', {
              body: { page_url: page, table_head: next.table_head, url: next.url },
            }),
          )
          .then((res) => {
            // Confirmed only when it was stored and no newer change waits behind it.
            if (res.ok && !s.timer && localStorage.getItem(cacheKey(page)) === JSON.stringify(next)) s.unsaved = false;
          })
          .catch(() => undefined);
      }, 400);
    },
    [page],
  );

  return { pref, loaded: loaded || pref !== null, save };
}
