// Everything a kiosk screen reads, live from IndexedDB (filled by the sync worker's pulls).
// The rows are the sync catalogue's; only the journeys' settings are read into their domain shape.
import { useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { textIn, type LocalizedText } from '../../../../domain/localized-text';
import {
  readFlowSettings,
  readJourneySettings,
  type FlowSettings,
  type JourneySettings,
} from '../../../../domain/journey';
import type { LocalRow } from '../../../../sync/catalogue';
import { useDb } from '../../../db/db-context';

export type KioskJourney = LocalRow<'journeys'> & { settings: JourneySettings };
export type KioskFlow = LocalRow<'journeyFlows'> & { settings: FlowSettings };
/** A person the kiosk may identify (never an archived one); no user type is null. */
export type KioskPerson = LocalRow<'people'> & { userTypeId: string | null };
export type KioskUserType = LocalRow<'userTypes'>;
export type KioskField = LocalRow<'customFields'>;
export type KioskSection = LocalRow<'sections'>;
export type KioskAnnouncement = LocalRow<'announcements'>;

export interface KioskData {
  journeys: KioskJourney[];
  flows: KioskFlow[];
  people: KioskPerson[];
  userTypes: KioskUserType[];
  forms: LocalRow<'complianceForms'>[];
  modes: LocalRow<'attendanceModes'>[];
  fields: KioskField[];
  sections: KioskSection[];
  announcements: KioskAnnouncement[];
  cards: LocalRow<'personCards'>[];
}

/** A journey's or flow's name in the visitor's language, else the company default's. */
function localName(row: { name: string; names?: unknown }, lang: string): string {
  const names = row.names;
  const text = typeof names === 'string' || (names && typeof names === 'object') ? (names as LocalizedText) : null;
  return textIn(text ?? row.name, lang, 'en') || row.name;
}

export function useKioskData(): KioskData | undefined {
  const db = useDb();
  const lang = useTranslation().i18n.language;
  // People are read again after each page a new kiosk's first sync stores, so whoever has
  // arrived can be found at once. Holding them until the sync ended (session 15) left a kiosk
  // registered under load unable to find anyone for over 30 s; in chunks (src/db/chunked-tables.ts)
  // the read costs little.
  const people = useLiveQuery(async () => {
    const [rows, cards] = await Promise.all([db.people.toArray(), db.personCards.toArray()]);
    return {
      people: rows.filter((p) => !p.archived).map((p) => ({ ...p, userTypeId: p.userTypeId ?? null })),
      cards,
    };
  }, [db]);
  const config = useLiveQuery(async () => {
    const [journeys, flows, userTypes, forms, modes, fields, announcements, sections] = await Promise.all([
      db.journeys.toArray(),
      db.journeyFlows.toArray(),
      db.userTypes.toArray(),
      db.complianceForms.toArray(),
      db.attendanceModes.toArray(),
      db.customFields.toArray(),
      db.announcements.toArray(),
      db.sections.toArray(),
    ]);
    return {
      journeys: journeys
        .map((j) => ({ ...j, name: localName(j, lang), settings: readJourneySettings(j.settings) }))
        .sort((a, b) => a.name.localeCompare(b.name)),
      flows: flows.map((f) => ({ ...f, name: localName(f, lang), settings: readFlowSettings(f.settings) })),
      userTypes,
      forms,
      modes,
      fields,
      sections: sections.sort((a, b) => (a.position ?? 0) - (b.position ?? 0)),
      announcements,
    };
  }, [db, lang]);
  return useMemo(() => (config && people ? { ...config, ...people } : undefined), [config, people]);
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

/** The fields a visitor fills on this flow: those it lists and those of the sections it asks. */
export function flowFields(data: KioskData, flow: KioskFlow | undefined): KioskField[] {
  if (!flow) return [];
  const { custom_field_ids: ids, section_ids: sectionIds } = flow.settings;
  return data.fields.filter((f) => f.fillable !== false && (ids.includes(f.id) || sectionIds.includes(f.sectionId)));
}
