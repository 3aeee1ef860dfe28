// The directory's own groups for the settings picker (GET /api/integrations/:id/groups). Only a
// saved integration with credentials can be asked (Google needs its consent first); until then,
// or when the directory refuses or cannot be reached, the screen keeps the typed ids.
import { useEffect, useState } from 'react';
import type { IntegrationWire } from '../../../../domain/integrations';
import { api } from '../../../api/client';

export interface DirectoryGroupWire {
  id: string;
  name: string;
}

export type DirectoryGroups =
  | { state: 'unsaved' }
  | { state: 'loading' }
  | { state: 'ready'; groups: DirectoryGroupWire[] }
  | { state: 'failed'; code: string | null };

/** A directory answers within its own 30 s per page; a picker should not wait much longer. */
const GROUPS_TIMEOUT_MS = 45_000;

export function useDirectoryGroups(saved: IntegrationWire | null): DirectoryGroups {
  const askable = saved !== null && (saved.kind !== 'googleAD' || saved.connected);
  const id = askable ? saved.id : null;
  const [result, setResult] = useState<{ id: string; groups: DirectoryGroups } | null>(null);

  useEffect(() => {
    if (!id) return;
    const controller = new AbortController();
    void api
      .get<{ data: DirectoryGroupWire[] }>(`/integrations/${id}/groups`, {
        signal: controller.signal,
        timeoutMs: GROUPS_TIMEOUT_MS,
      })
      .then((res) => {
        if (controller.signal.aborted) return;
        setResult({
          id,
          groups: res.ok
            ? { state: 'ready', groups: res.data.data }
            : { state: 'failed', code: res.body?.code ?? null },
        });
      });
    return () => controller.abort();
  }, [id]);

  if (!id) return { state: 'unsaved' };
  // A save that changed the credentials keeps the id; the answer for it stays until reloaded.
  return result?.id === id ? result.groups : { state: 'loading' };
}
