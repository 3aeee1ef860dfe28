// The choices the builder offers, read from the device's synced tables (sites, areas, user
// types, attendance modes, compliance forms, custom-field sections), so it depends on no other
// feature's endpoint.
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { textIn } from '../../../../domain/localized-text';
import type { RegistrationMethod } from '../../../../domain/journey';
import { useDb } from '../../../db/db-context';
import { syncedTable } from '../../../db/schema';

export interface Option {
  value: string;
  label: string;
}

export interface ConfigOptions {
  sites: Option[];
  areas: Option[];
  userTypes: Option[];
  modes: Option[];
  forms: Option[];
  sections: Option[];
  /** False until the device's tables were read (an empty list then means "none yet"). */
  loaded?: boolean;
  methodOf: (userTypeId: string) => RegistrationMethod | undefined;
}

export function useConfigOptions(): ConfigOptions {
  const { i18n } = useTranslation();
  const db = useDb();
  const data = useLiveQuery(async () => {
    const [sites, areas, types, modes, forms, sections] = await Promise.all([
      syncedTable(db, 'sites').toArray(),
      syncedTable(db, 'areas').toArray(),
      syncedTable(db, 'userTypes').toArray(),
      syncedTable(db, 'attendanceModes').toArray(),
      syncedTable(db, 'complianceForms').toArray(),
      syncedTable(db, 'sections').toArray(),
    ]);
    return { sites, areas, types, modes, forms, sections };
  }, [db]);
  const byName = (a: Option, b: Option) => a.label.localeCompare(b.label);
  const siteName = new Map((data?.sites ?? []).map((s) => [s.id, s.name]));
  return {
    loaded: data !== undefined,
    sites: (data?.sites ?? []).map((s) => ({ value: s.id, label: s.name })).sort(byName),
    areas: (data?.areas ?? [])
      .map((a) => ({ value: a.id, label: `${siteName.get(a.siteId) ?? ''} · ${a.name}` }))
      .sort(byName),
    userTypes: (data?.types ?? []).map((t) => ({ value: t.id, label: t.name })).sort(byName),
    modes: (data?.modes ?? []).map((m) => ({ value: m.id, label: m.name })).sort(byName),
    forms: (data?.forms ?? []).map((f) => ({ value: f.id, label: textIn(f.name, i18n.language) })).sort(byName),
    sections: (data?.sections ?? []).map((x) => ({ value: x.id, label: textIn(x.name, i18n.language) })).sort(byName),
    methodOf: (id) => data?.types.find((t) => t.id === id)?.registrationMethod,
  };
}
