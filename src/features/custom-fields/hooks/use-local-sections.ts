// The custom-field sections and their fields as this device holds them (synced tables sections
// and customFields), in the server's answer shape: shown until it answers, and offline.
import { useLiveQuery } from 'dexie-react-hooks';
import { useDb } from '../../../db/db-context';
import type { SectionItem } from './section-draft';

type Field = SectionItem['custom_fields'][number];

export function useLocalSections(): SectionItem[] | undefined {
  const db = useDb();
  return useLiveQuery(async () => {
    const [sections, fields] = await Promise.all([db.sections.toArray(), db.customFields.toArray()]);
    const bySection = new Map<string, typeof fields>();
    for (const f of fields) bySection.set(f.sectionId, [...(bySection.get(f.sectionId) ?? []), f]);
    return sections
      .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
      .map((s) => ({
        id: s.id,
        name: s.name,
        icon: (s.icon ?? null) as SectionItem['icon'],
        custom_fields: (bySection.get(s.id) ?? [])
          .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
          .map((f): Field => ({
            id: f.id,
            name: f.name,
            type: f.type as Field['type'],
            options: f.options,
            display: f.display as Field['display'],
            binding: f.required,
            fillable_by_user: f.fillable,
            printable_on_badge: f.printable,
            icon: (f.icon ?? null) as Field['icon'],
          })),
      }));
  }, [db]);
}
