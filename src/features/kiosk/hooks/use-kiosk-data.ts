// Everything a kiosk screen reads, live from IndexedDB (filled by the sync worker's pulls).
import { useLiveQuery } from 'dexie-react-hooks';
import type { ComplianceForm } from '../../../../domain/compliance';
import { readFlowSettings, readJourneySettings, type FlowSettings, type JourneySettings, type RegistrationMethod } from '../../../../domain/journey';
import type { AttendanceMode } from '../../../../domain/reasons';
import { useDb } from '../../../db/db-context';

export interface KioskJourney { id: string; name: string; description?: string | null; settings: JourneySettings }
export interface KioskFlow { id: string; journeyId: string; name: string; userTypeId: string | null; settings: FlowSettings }
export interface KioskPerson { id: string; fullName: string; userTypeId: string | null; email?: string | null; phone?: string | null; image?: string | null; archived?: boolean }
export interface KioskUserType { id: string; name: string; registrationMethod: RegistrationMethod }
export interface KioskField { id: string; name: string; type: string; section: string; options: string[]; required: boolean }
export interface KioskAnnouncement { id: string; description: string; urgent: boolean; pinned: boolean; publishAt: number; expiresAt: number | null }

export interface KioskData {
  journeys: KioskJourney[];
  flows: KioskFlow[];
  people: KioskPerson[];
  userTypes: KioskUserType[];
  forms: ComplianceForm[];
  modes: AttendanceMode[];
  fields: KioskField[];
  announcements: KioskAnnouncement[];
  cards: Array<{ id: string; rfid: string }>;
}

export function useKioskData(): KioskData | undefined {
  const db = useDb();
  return useLiveQuery(async () => {
    const [journeys, flows, people, userTypes, forms, modes, fields, announcements, cards] = await Promise.all([
      db.table('journeys').toArray(), db.table('journeyFlows').toArray(), db.people.toArray(), db.userTypes.toArray(),
      db.table('complianceForms').toArray(), db.table('attendanceModes').toArray(), db.table('customFields').toArray(),
      db.table('announcements').toArray(), db.table('personCards').toArray(),
    ]);
    return {
      journeys: journeys.map((j) => ({ ...j, settings: readJourneySettings(j.settings) })).sort((a, b) => a.name.localeCompare(b.name)),
      flows: flows.map((f) => ({ ...f, settings: readFlowSettings(f.settings) })),
      people: (people as unknown as KioskPerson[]).filter((p) => !p.archived),
      userTypes: userTypes as unknown as KioskUserType[],
      forms, modes, fields, announcements, cards,
    } as KioskData;
  }, [db]);
}

/** The flow that applies to a person of this type in this journey (else the journey's first). */
export function flowFor(data: KioskData, journeyId: string, userTypeId: string | null): KioskFlow | undefined {
  const flows = data.flows.filter((f) => f.journeyId === journeyId);
  return flows.find((f) => f.userTypeId === userTypeId) ?? flows[0];
}

/** The user types a journey shows (all when the journey lists none). */
export function shownTypes(data: KioskData, journey: KioskJourney): KioskUserType[] {
  const ids = journey.settings.shown_user_types;
  return ids.length ? data.userTypes.filter((t) => ids.includes(t.id)) : data.userTypes;
}
