// The users grid read from this device: the synced people, their cards and
// user types, filtered, sorted and paged the way the server does it (people.repo.ts), so the
// grid looks the same online and offline.
import type { CustomFieldEntry } from '../../../../domain/custom-fields';
import type { GatehouseDb, PersonRow } from '../../../db/schema';
import type { UserItem, UsersParams } from './use-users';

export interface LocalUsers {
  data: UserItem[];
  count: number;
}

type Sortable = Pick<UserItem, 'full_name' | 'email' | 'phone' | 'user_type'> & { id: string };

function keyOf(u: Sortable, field: string): string {
  if (field === 'email') return u.email;
  if (field === 'phone') return u.phone ?? '';
  if (field === 'user_type') return u.user_type?.name ?? '';
  return u.full_name;
}

/** A synced person as the grid shows them; what the device does not hold (invitations) reads as off. */
export function userItemOf(p: PersonRow, rfid: string | null, typeName: string | null): UserItem {
  return {
    id: p.id,
    full_name: p.fullName,
    email: p.email ?? '',
    phone: p.phone ?? null,
    country_code: p.countryCode ?? null,
    user_type_id: p.userTypeId ?? null,
    user_type: p.userTypeId ? { id: p.userTypeId, name: typeName } : null,
    role_id: p.roleId ?? '',
    labels: Array.isArray(p.labels) ? (p.labels as string[]) : [],
    custom_fields: Array.isArray(p.customFields) ? (p.customFields as CustomFieldEntry[]) : [],
    rfid,
    image: p.image ?? null,
    archived: Boolean(p.archived),
    dashboard_access: false,
    version: p.version ?? 1,
  };
}

/** One page of the grid for these filters, from IndexedDB alone. */
export async function readLocalUsers(db: GatehouseDb, p: UsersParams): Promise<LocalUsers> {
  const { people, types } = await db.transaction('r', [db.people, db.userTypes], async () => ({
    people: await db.people.toArray(),
    types: await db.userTypes.toArray(),
  }));
  const typeNames = new Map(types.map((ty) => [ty.id, ty.name]));
  const status = p.filter.status ?? 'active';
  const needle = p.filter.search?.trim().toLowerCase();
  const matched = people.filter(
    (u) =>
      (status === 'all' || Boolean(u.archived) === (status === 'archived')) &&
      (!p.filter.user_type_id || u.userTypeId === p.filter.user_type_id) &&
      (!p.filter.label || (Array.isArray(u.labels) && (u.labels as string[]).includes(p.filter.label))) &&
      (!needle || `${u.fullName} ${u.email ?? ''} ${u.phone ?? ''}`.toLowerCase().includes(needle)),
  );
  const descending = p.orderBy.startsWith('-');
  const field = p.orderBy.replace(/^-/, '');
  const rows = matched.map((u) => userItemOf(u, null, u.userTypeId ? (typeNames.get(u.userTypeId) ?? null) : null));
  rows.sort((a, b) => {
    const c = keyOf(a, field).localeCompare(keyOf(b, field)) || a.id.localeCompare(b.id);
    return descending ? -c : c;
  });
  const page = rows.slice((p.page - 1) * p.limit, p.page * p.limit);
  // Cards only for the page shown: the device may hold tens of thousands of people.
  const cards = await db.personCards.bulkGet(page.map((u) => u.id));
  return { data: page.map((u, i) => ({ ...u, rfid: cards[i]?.rfid ?? null })), count: rows.length };
}

/** One person with their card and user type (the details a warden or admin needs offline). */
export async function readLocalUser(db: GatehouseDb, id: string): Promise<UserItem | null> {
  const person = await db.people.get(id);
  if (!person) return null;
  const [card, type] = await Promise.all([
    db.personCards.get(id),
    person.userTypeId ? db.userTypes.get(person.userTypeId) : undefined,
  ]);
  return userItemOf(person, card?.rfid ?? null, type?.name ?? null);
}
