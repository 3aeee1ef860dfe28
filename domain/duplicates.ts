// Likely duplicate people and how two records merge into one (spec 1 §2
// /duplication-control-board, spec 2 §7 get_users_duplicate and merge_user). Pure rules: the
// server finds candidate pairs with SQL (pg_trgm), groups them and resolves a merge with these.
import * as v from 'valibot';

export const DUPLICATE_FILTERS = ['email', 'phone', 'name'] as const;
export type DuplicateFilter = (typeof DUPLICATE_FILTERS)[number];

/** Names at least this similar (pg_trgm's similarity, 0..1) are shown as likely duplicates. */
export const NAME_SIMILARITY = 0.6;
/** Phones match on their last digits, so a country prefix or a trunk 0 does not hide a duplicate. */
export const PHONE_MATCH_DIGITS = 9;
/** The board shows at most this many groups at once; merging some shows the next. */
export const MAX_DUPLICATE_GROUPS = 100;
/** A group shows at most this many records side by side (a chain of similar names can grow long). */
export const MAX_GROUP_SIZE = 8;

/** The fields an admin picks per merge, one value each, from the kept or a removed record. */
export const MERGE_FIELDS = ['fullName', 'email', 'phone', 'userTypeId', 'image'] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];

const uuid = v.pipe(v.string(), v.uuid('validation.uuid'));

export const duplicatesQuery = v.object({
  filterBy: v.optional(v.picklist(DUPLICATE_FILTERS, 'validation.required')),
});

/** keep_id and merge_ids may be missing: the server answers 'Please select a user.' (select_user). */
export const mergeInput = v.object({
  keep_id: v.optional(v.nullable(uuid)),
  merge_ids: v.optional(v.pipe(v.array(uuid), v.maxLength(20, 'validation.too_long'))),
  /** field → the id of the record whose value wins; a missing field keeps the kept record's value. */
  fields: v.optional(
    v.object(
      Object.fromEntries(MERGE_FIELDS.map((f) => [f, v.optional(uuid)])) as Record<
        MergeField,
        v.OptionalSchema<typeof uuid, undefined>
      >,
    ),
  ),
});
export type MergeInput = v.InferOutput<typeof mergeInput>;

/** An email's matching key: lower case, and Gmail-style dots and +tags in the local part ignored. */
export function emailKey(email: string | null | undefined): string | null {
  const at = (email ?? '').trim().toLowerCase();
  const i = at.lastIndexOf('@');
  if (i <= 0) return null;
  const local = at.slice(0, i).replace(/\+.*$/, '').replace(/\./g, '');
  return local ? `${local}@${at.slice(i + 1)}` : null;
}

/** A phone's matching key: its last PHONE_MATCH_DIGITS digits (null when it has fewer than 7). */
export function phoneKey(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= 7 ? digits.slice(-PHONE_MATCH_DIGITS) : null;
}

/** pg_trgm's trigrams of a text: lower-cased words, each padded with two spaces before and one after. */
export function trigrams(text: string): Set<string> {
  const out = new Set<string>();
  for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (!word) continue;
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  }
  return out;
}

/** pg_trgm's similarity(): shared trigrams over all trigrams of both texts. */
export function similarity(a: string, b: string): number {
  const x = trigrams(a);
  const y = trigrams(b);
  if (x.size === 0 || y.size === 0) return 0;
  let shared = 0;
  for (const t of x) if (y.has(t)) shared++;
  return shared / (x.size + y.size - shared);
}

/** The numbers written in a name, in order ("Student 12 B3" → "12 3"): numbered names such as
 * "Student 1" and "Student 2" are different people however similar the rest of the name is. */
export function nameNumbers(name: string): string {
  return (name.match(/[0-9]+/g) ?? []).join(' ');
}

/** Two names are likely one person: similar enough and carrying the same numbers. */
export function namesLikelySame(a: string, b: string): boolean {
  return nameNumbers(a) === nameNumbers(b) && similarity(a, b) >= NAME_SIMILARITY;
}

export interface DuplicatePair {
  a: string;
  b: string;
  reason: DuplicateFilter;
}
export interface DuplicateGroup {
  ids: string[];
  reasons: DuplicateFilter[];
}

/** Pairs joined into groups (a person similar to two others makes one group of three), largest first. */
export function groupPairs(pairs: readonly DuplicatePair[]): DuplicateGroup[] {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let root = x;
    while (parent.get(root) !== root) root = parent.get(root)!;
    parent.set(x, root);
    return root;
  };
  for (const { a, b } of pairs) {
    if (!parent.has(a)) parent.set(a, a);
    if (!parent.has(b)) parent.set(b, b);
    const [ra, rb] = [find(a), find(b)];
    if (ra !== rb) parent.set(ra < rb ? rb : ra, ra < rb ? ra : rb);
  }
  const groups = new Map<string, { ids: Set<string>; reasons: Set<DuplicateFilter> }>();
  for (const { a, b, reason } of pairs) {
    const root = find(a);
    const g = groups.get(root) ?? { ids: new Set(), reasons: new Set() };
    g.ids.add(a).add(b);
    g.reasons.add(reason);
    groups.set(root, g);
  }
  return [...groups.values()]
    .map((g) => ({
      ids: [...g.ids].sort(),
      reasons: DUPLICATE_FILTERS.filter((r) => g.reasons.has(r)),
    }))
    .sort((x, y) => y.ids.length - x.ids.length || (x.ids[0]! < y.ids[0]! ? -1 : 1));
}

export interface MergeCandidate {
  id: string;
  fullName: string;
  email: string;
  phone: string | null;
  countryCode: string | null;
  userTypeId: string | null;
  image: string | null;
  labels: string[];
}

export type MergeProblem = 'select_user' | 'not_in_merge';

/** What a merge asks, checked: the kept id, the removed ids (never the kept one), the field sources. */
export function mergePlan(input: MergeInput): { keepId: string; removeIds: string[] } | MergeProblem {
  const keepId = input.keep_id ?? null;
  const removeIds = [...new Set(input.merge_ids ?? [])].filter((id) => id !== keepId);
  if (!keepId || removeIds.length === 0) return 'select_user';
  const all = new Set([keepId, ...removeIds]);
  for (const source of Object.values(input.fields ?? {})) if (source && !all.has(source)) return 'not_in_merge';
  return { keepId, removeIds };
}

/** The kept record's fields after the merge: each chosen field from its source; labels are the union.
 * The phone travels with its country code, so a number never ends up with another's prefix. */
export function mergedFields(
  kept: MergeCandidate,
  removed: readonly MergeCandidate[],
  fields: Partial<Record<MergeField, string>>,
): Omit<MergeCandidate, 'id'> {
  const byId = new Map([kept, ...removed].map((p) => [p.id, p]));
  const from = (f: MergeField) => byId.get(fields[f] ?? kept.id) ?? kept;
  const labels = [...new Set([kept, ...removed].flatMap((p) => p.labels))];
  return {
    fullName: from('fullName').fullName,
    email: from('email').email,
    phone: from('phone').phone,
    countryCode: from('phone').countryCode,
    userTypeId: from('userTypeId').userTypeId,
    image: from('image').image,
    labels,
  };
}
