// The watch list's wire shapes: an entry as an admin writes it. Messages are i18n keys
// under watchList.validation; the server checks the sites belong to the company.
import * as v from 'valibot';
import { WATCH_LIST_ACTIONS } from './watch-list-match';

export const WATCH_LIST_LIMITS = { name: 200, otherNames: 20, reason: 2000, sites: 200 } as const;

const name = (key: string) =>
  v.pipe(v.string(key), v.trim(), v.minLength(1, key), v.maxLength(WATCH_LIST_LIMITS.name, key));
const optionalText = <S extends v.GenericSchema<string, string | null>>(schema: S) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.string(),
        v.trim(),
        v.transform((s) => (s === '' ? null : s)),
        v.nullable(schema),
      ),
    ),
    null,
  );

const isRealDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

export const watchListInput = v.object({
  full_name: name('watchList.validation.full_name'),
  other_names: v.optional(
    v.pipe(
      v.array(name('watchList.validation.other_names'), 'watchList.validation.other_names'),
      v.maxLength(WATCH_LIST_LIMITS.otherNames, 'watchList.validation.other_names'),
    ),
    [],
  ),
  date_of_birth: optionalText(
    v.pipe(
      v.string(),
      v.regex(/^\d{4}-\d{2}-\d{2}$/, 'watchList.validation.date_of_birth'),
      v.check(isRealDate, 'watchList.validation.date_of_birth'),
    ),
  ),
  email: optionalText(v.pipe(v.string(), v.maxLength(254, 'validation.email'), v.email('validation.email'))),
  // Country code recommended (E.164 matches exactly); 7 to 15 digits in any common layout.
  phone: optionalText(
    v.pipe(
      v.string(),
      v.regex(/^\+?[\d\s.\-()]+$/, 'watchList.validation.phone'),
      v.check((s) => /^\d{7,15}$/.test(s.replace(/\D/g, '')), 'watchList.validation.phone'),
    ),
  ),
  action: v.picklist(WATCH_LIST_ACTIONS, 'watchList.validation.action'),
  site_ids: v.optional(
    v.pipe(
      v.array(v.pipe(v.string('validation.uuid'), v.uuid('validation.uuid')), 'watchList.validation.sites'),
      v.maxLength(WATCH_LIST_LIMITS.sites, 'watchList.validation.sites'),
    ),
    [],
  ),
  reason: v.optional(
    v.pipe(
      v.string('watchList.validation.reason'),
      v.trim(),
      v.maxLength(WATCH_LIST_LIMITS.reason, 'watchList.validation.reason'),
    ),
    '',
  ),
  expires_at: v.optional(
    v.nullable(v.pipe(v.number('watchList.validation.expires_at'), v.integer('watchList.validation.expires_at'))),
    null,
  ),
  version: v.optional(v.pipe(v.number(), v.integer())),
});
export type WatchListInput = v.InferOutput<typeof watchListInput>;

/** An entry as the admin API answers it (the reason included: only holders of watch_list see it). */
export interface WatchListEntryWire {
  id: string;
  full_name: string;
  other_names: string[];
  date_of_birth: string | null;
  email: string | null;
  phone: string | null;
  photo: string | null;
  action: (typeof WATCH_LIST_ACTIONS)[number];
  site_ids: string[];
  reason: string;
  expires_at: number | null;
  added_by: string;
  added_by_name: string | null;
  version: number;
  created_at: number;
  updated_at: number;
}

export interface WatchListAuditWire {
  id: string;
  entry_id: string;
  change: 'created' | 'updated' | 'deleted';
  actor_id: string;
  actor_name: string;
  at: number;
  full_name: string;
  fields: Record<string, [unknown, unknown]>;
}
