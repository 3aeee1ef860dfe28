// The result screen's host notification, live: the synced row's summary status, and the host's
// answer read from the server once the row says acknowledged (the answer itself is not synced).
import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { api } from '../../../api/client';
import { useDb } from '../../../db/db-context';
import type { HostNotice } from './result-notices';

export function useHostNotice(visitId: string | undefined): HostNotice | undefined {
  const db = useDb();
  const status = useLiveQuery(
    async () =>
      visitId ? (await db.hostNotifications.toArray()).find((n) => n.visitId === visitId)?.mailStatus : undefined,
    [db, visitId],
  );
  const [answer, setAnswer] = useState<'coming' | 'wait' | null>(null);
  useEffect(() => {
    if (status !== 'acknowledged' || !visitId) return;
    void api
      .get<{ data: Array<{ ack: { answer: 'coming' | 'wait' } | null }> }>(`/kiosk-visits/${visitId}/notifications`)
      .then((r) => setAnswer(r.ok ? (r.data.data.find((n) => n.ack)?.ack?.answer ?? null) : null));
  }, [status, visitId]);
  return status ? { status, answer } : undefined;
}
