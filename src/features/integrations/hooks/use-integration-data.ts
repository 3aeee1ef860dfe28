// One GET for an integration screen: the data, whether it is still loading, whether the server
// could not be reached (these screens read the server only), and a reload after a change.
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../../api/client';

export function useIntegrationData<T>(path: string | null) {
  const [data, setData] = useState<T | null>(null);
  const [offline, setOffline] = useState(false);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (!path) return;
    const controller = new AbortController();
    void api.get<{ data: T }>(path, { signal: controller.signal }).then((res) => {
      if (controller.signal.aborted) return;
      setOffline(!res.ok);
      if (res.ok) setData(res.data.data);
    });
    return () => controller.abort();
  }, [path, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { data, offline, reload };
}

export interface LogWire {
  id: string;
  run_id: string | null;
  level: 'info' | 'warning' | 'error';
  code: string;
  params: Record<string, string | number>;
  at: string;
}

export interface LinkedPeopleWire {
  total: number;
  removed: number;
  people: {
    id: string;
    external_id: string;
    full_name: string;
    email: string;
    archived: boolean;
    /** The person's custom-field values (a mapping fills them). */
    custom_fields: { custom_field_id: string; type: string; value: string | number }[];
    removed_at: string | null;
  }[];
}

export interface DuplicateWire {
  external_id: string;
  match: 'email' | 'name';
  directory: { full_name: string; email: string; phone: string | null };
  person: { id: string; full_name: string; email: string; archived: boolean };
}

/** Where a finished sync sends the admin (spec 1 §4): duplicates first, then rows that failed,
 *  else the integration's view page. */
export function afterSyncPath(
  integ: { id: string; name: string },
  run: { duplicates: number; errors: number } | null | undefined,
): string {
  const q = `?id=${integ.id}`;
  if (run && run.duplicates > 0) return `/integration-duplicate${q}`;
  if (run && run.errors > 0) return `/integration-error${q}`;
  return `/view-integration/${integ.id}/${encodeURIComponent(integ.name)}`;
}
