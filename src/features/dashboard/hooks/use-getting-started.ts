// The getting-started list's facts, live from this device's data so each item
// ticks itself as soon as the change syncs; the kiosks, which no device holds, are asked once.
import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { mayOpen } from '../../../../domain/guards';
import { gettingStartedList, type SetupFacts } from '../../../../domain/getting-started';
import { api } from '../../../api/client';
import { guardUserOf, useStoredUser } from '../../../api/session';
import { useDb } from '../../../db/db-context';

const dismissedKey = (entityId: string, userId: string) => `gatehouse.gettingStarted.${entityId}.${userId}`;

export function useGettingStarted() {
  const db = useDb();
  const stored = useStoredUser();
  const entityId = stored?.data.user.entity.id ?? '';
  const userId = stored?.data.user.id ?? '';
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(dismissedKey(entityId, userId)) === '1');
  const [kiosks, setKiosks] = useState<number | null>(null);
  const guard = guardUserOf(stored);
  const mayListKiosks = mayOpen('/sites', guard);
  useEffect(() => {
    if (!entityId || dismissed || !mayListKiosks) return;
    let live = true;
    void api.get<{ data: unknown[] }>(`/kiosk/${entityId}`).then((r) => live && r.ok && setKiosks(r.data.data.length));
    return () => {
      live = false;
    };
  }, [entityId, dismissed, mayListKiosks]);
  const facts = useLiveQuery(async (): Promise<Omit<SetupFacts, 'kiosks'>> => {
    const [company, sites, areas, userTypes, forms, sections, flows, people] = await Promise.all([
      db.companies.get(entityId),
      db.sites.toArray(),
      db.areas.toArray(),
      db.userTypes.count(),
      db.complianceForms.count(),
      db.sections.count(),
      db.journeyFlows.count(),
      db.people.count(),
    ]);
    return {
      logo: !!company?.logo,
      sites: sites.map((s) => ({ timeZone: s.timeZone, areas: areas.filter((a) => a.siteId === s.id).length })),
      userTypes,
      complianceForms: forms,
      sections,
      flows,
      people,
    };
  }, [db, entityId]);
  const items = facts ? gettingStartedList({ ...facts, kiosks }, (path) => mayOpen(path, guard)) : [];
  return {
    items,
    // Shown until dismissed or until everything is done.
    shown: !dismissed && items.length > 0 && items.some((i) => !i.done),
    dismiss: () => {
      localStorage.setItem(dismissedKey(entityId, userId), '1');
      setDismissed(true);
    },
  };
}
