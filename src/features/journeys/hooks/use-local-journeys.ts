// The journeys and their flows as this device holds them (synced tables journeys and
// journeyFlows), in the REST answer's shape: shown until the server answers, and offline.
import { useLiveQuery } from 'dexie-react-hooks';
import type { LocalizedText } from '../../../../domain/localized-text';
import { useDb } from '../../../db/db-context';
import type { FlowItem, JourneyDetail, JourneyItem } from '../journey-wire';

const textOf = (names: unknown, name: string): LocalizedText =>
  names && typeof names === 'object' ? (names as LocalizedText) : name;

export function useLocalJourneys(): JourneyItem[] | undefined {
  const db = useDb();
  return useLiveQuery(async () => {
    const [journeys, flows] = await Promise.all([db.journeys.toArray(), db.journeyFlows.toArray()]);
    const counts = new Map<string, number>();
    for (const f of flows) counts.set(f.journeyId, (counts.get(f.journeyId) ?? 0) + 1);
    return journeys
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((j) => ({
        id: j.id,
        name: textOf(j.names, j.name),
        description: j.description ?? null,
        logo: j.logo ?? null,
        settings: (j.settings as Record<string, unknown> | null | undefined) ?? {},
        version: j.version ?? 1,
        flows_count: counts.get(j.id) ?? 0,
      }));
  }, [db]);
}

/** One journey with its flows, for the journey's form offline. */
export function useLocalJourney(id: string | undefined): JourneyDetail | null | undefined {
  const db = useDb();
  return useLiveQuery(async () => {
    if (!id) return null;
    const j = await db.journeys.get(id);
    if (!j) return null;
    const flows = await db.journeyFlows.where('journeyId').equals(id).toArray();
    return {
      id: j.id,
      name: textOf(j.names, j.name),
      description: j.description ?? null,
      logo: j.logo ?? null,
      settings: (j.settings as Record<string, unknown> | null | undefined) ?? {},
      version: j.version ?? 1,
      flows: flows.map((f): FlowItem => ({
        id: f.id,
        journey_id: f.journeyId,
        name: textOf(f.names, f.name),
        description: f.description ?? null,
        user_type_id: f.userTypeId ?? null,
        settings: (f.settings as Record<string, unknown> | null | undefined) ?? {},
        version: f.version ?? 1,
      })),
    };
  }, [db, id]);
}
