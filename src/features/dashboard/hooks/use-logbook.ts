// The logbook and counts for the current filters. Today comes from the device's own tables
// once a sync has completed (the pull brings every event of today, paired by domain/logbook.ts,
// the rule the server's SQL is proven to follow): a pull updates it live, with no request.
// Before the first sync completes, and for other days, the server answers, again whenever local
// events change (a pull after a kiosk's sign-in, or a tap here).
import { useEffect, useMemo, useRef, useState } from 'react';
import { countsOf, pageOf, type DailyCounts, type LogbookRow } from '../../../../domain/logbook';
import { api } from '../../../api/client';
import { useSyncStatus } from '../../../sync/sync-context';
import { isToday, timeZone, type LogbookParams } from './logbook-params';
import { useEventsVersion, useLocalLogbook } from './use-local-logbook';

interface Page {
  data: LogbookRow[];
  count: number;
}
export interface LogbookState {
  page: Page | null;
  counts: DailyCounts | null;
  source: 'local' | 'server' | 'none';
  /** A past day was asked for while the server cannot be reached. */
  unavailable: boolean;
}

function queryOf(p: LogbookParams): string {
  const q = new URLSearchParams({ tz: timeZone(), page: String(p.page), limit: String(p.limit) });
  const add = (k: string, v?: string) => {
    if (v) q.set(k, v);
  };
  add('from', p.from);
  add('to', p.to);
  add('site', p.siteId);
  add('area', p.areaId);
  add('userType', p.userTypeId);
  add('status', p.status);
  add('search', p.search);
  add('sort', p.sort);
  add('order', p.order);
  return q.toString();
}

export function useLogbook(p: LogbookParams): LogbookState {
  const today = isToday(p);
  const local = useLocalLogbook();
  const version = useEventsVersion();
  // The local tables hold today's data: a sync ran to its end on this device.
  const synced = useSyncStatus().lastSyncAt !== null;
  const localServes = today && synced && local !== undefined;
  // What asks the server again: a change of local events, unless the local tables answer.
  const refetch = localServes ? 'local' : version;
  const query = queryOf(p);
  const [server, setServer] = useState<{ query: string; page: Page; counts: DailyCounts } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  // Whether a server answer was shown yet: it decides only the first request's delay.
  const answered = useRef(false);

  useEffect(() => {
    if (localServes) return;
    const controller = new AbortController();
    // A burst of pulled events becomes one request.
    const timer = setTimeout(
      async () => {
        const countsQuery = new URLSearchParams(query);
        const [rows, counts] = await Promise.all([
          api.get<Page>(`/dashboard/logbook?${query}`, { signal: controller.signal }),
          api.get<{ data: DailyCounts }>(`/dashboard/counts?${countsQuery}`, { signal: controller.signal }),
        ]);
        if (controller.signal.aborted) return;
        if (rows.ok && counts.ok) {
          answered.current = true;
          setServer({ query, page: { data: rows.data.data, count: rows.data.count }, counts: counts.data.data });
          setFailed(null);
        } else setFailed(query);
      },
      answered.current ? 250 : 0,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, localServes, refetch]);

  return useMemo<LogbookState>(() => {
    if (localServes && local) return localState(local, p);
    const hasLocalPending = local?.some((r) => r.pending) ?? false;
    const fresh = server && server.query === query && !(today && hasLocalPending);
    if (fresh) return { page: server.page, counts: server.counts, source: 'server', unavailable: false };
    if (today && local) return localState(local, p);
    return { page: null, counts: null, source: 'none', unavailable: failed === query };
  }, [server, query, today, local, localServes, p, failed]);
}

function localState(local: LogbookRow[], p: LogbookParams): LogbookState {
  return {
    page: pageOf(local, p),
    counts: countsOf(local.filter((r) => !p.siteId || r.siteId === p.siteId)),
    source: 'local',
    unavailable: false,
  };
}
