// The journey flow a public link names: its entity, compliance flags, user types and hosts.
// Public calls find everything through the flow, so nothing of another entity is reachable.
import { and, asc, eq, getTableColumns, ilike, inArray, isNull, or } from 'drizzle-orm';
import { hostTypeIds, isHostPerson } from '../../domain/hosts';
import { readFlowSettings } from '../../domain/journey';
import { canChangeUserType, initialStatusFor } from '../../domain/preregistration-visit';
import type { Db } from '../db/database';
import { journeyFlows, journeys, userTypes } from '../db/schema/journeys';
import { users } from '../db/schema/people';
import { notFound } from '../http/api-error';
import type { Tx } from '../sync/changes';

export type Flags = Record<
  | 'is_image_required'
  | 'is_qr_included'
  | 'is_face_id_included'
  | 'is_rfid_included'
  | 'is_compliance_required'
  | 'is_using_kiosk_screen',
  0 | 1
>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function flowById(db: Db, id: string) {
  if (!UUID.test(id)) throw notFound();
  // A deleted flow, or a flow of a deleted journey, has no public link any more.
  const [flow] = await db
    .select(getTableColumns(journeyFlows))
    .from(journeyFlows)
    .innerJoin(journeys, and(eq(journeys.entityId, journeyFlows.entityId), eq(journeys.id, journeyFlows.journeyId)))
    .where(and(eq(journeyFlows.id, id), isNull(journeyFlows.deletedAt), isNull(journeys.deletedAt)))
    .limit(1);
  if (!flow) throw notFound();
  return flow;
}
export type Flow = Awaited<ReturnType<typeof flowById>>;

/** Spec 2 §3 compliance flags, sent as 0 or 1 (spec 2 §9). */
export function flagsOf(flow: Flow): Flags {
  const s = readFlowSettings(flow.settings);
  const b = (x: unknown): 0 | 1 => (x ? 1 : 0);
  return {
    // Face ID needs a photo as much as the photo option does.
    is_image_required: b(s.photo || s.facial_recognition),
    // Every visit gets a signed QR: it is how a kiosk recognises the visitor offline.
    is_qr_included: 1,
    is_face_id_included: b(s.facial_recognition),
    is_rfid_included: b((flow.settings as { rfid_scan?: boolean }).rfid_scan),
    is_compliance_required: b(s.compliance_id),
    is_using_kiosk_screen: 1,
  };
}

export async function userTypeIn(db: Db, entityId: string, id: string) {
  if (!UUID.test(id)) throw notFound();
  const [type] = await db
    .select()
    .from(userTypes)
    .where(and(eq(userTypes.entityId, entityId), eq(userTypes.id, id)));
  if (!type) throw notFound();
  return type;
}

/** The user types a visitor may pick on this flow's link: the flow's own first, then any self-registering type. */
export async function preRegistrationTypes(db: Db, flow: Flow) {
  const all = await db
    .select()
    .from(userTypes)
    .where(eq(userTypes.entityId, flow.entityId))
    .orderBy(asc(userTypes.name));
  const open = all.filter((t) => t.id === flow.userTypeId || initialStatusFor(t.registrationMethod) !== null);
  open.sort((a, b) => Number(b.id === flow.userTypeId) - Number(a.id === flow.userTypeId));
  return open.map((t) => ({
    id: t.id,
    name: t.name,
    entity_id: t.entityId,
    pre_registration_method: t.registrationMethod,
    can_register: initialStatusFor(t.registrationMethod) !== null,
    can_change_user_type: canChangeUserType(t.registrationMethod),
  }));
}

/** The flow's host-capable user types (domain/hosts.ts). */
async function hostTypesOf(db: Db | Tx, entityId: string, flowSettings: unknown): Promise<string[]> {
  const types = await db
    .select({ id: userTypes.id, registrationMethod: userTypes.registrationMethod })
    .from(userTypes)
    .where(eq(userTypes.entityId, entityId));
  return [...hostTypeIds(types, flowSettings)];
}

/** The public host search: at most 10 hosts found by name, names only. */
export async function searchHosts(db: Db, flow: Flow, search: string) {
  return (await listHosts(db, flow, search, 10, false)).map(({ id, full_name }) => ({ id, full_name }));
}

/** People who can host the flow's visits (domain/hosts.ts), by name, at most `limit`; found by name,
 * and by e-mail too unless `byEmail` is false; an empty search lists them all. */
export async function listHosts(db: Db, flow: Flow, search: string, limit: number, byEmail = true) {
  const hostTypes = await hostTypesOf(db, flow.entityId, flow.settings);
  if (!hostTypes.length) return [];
  const needle = `%${search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  return db
    .select({ id: users.id, full_name: users.fullName, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.entityId, flow.entityId),
        eq(users.archived, false),
        inArray(users.userTypeId, hostTypes),
        search ? or(ilike(users.fullName, needle), byEmail ? ilike(users.email, needle) : undefined) : undefined,
      ),
    )
    .orderBy(asc(users.fullName), asc(users.id))
    .limit(limit);
}

/** What a flow says of hosts (spec 2 §7 hosts/settings): its hosts themselves are listed apart. */
export function hostSettingsOf(flow: Flow) {
  const s = readFlowSettings(flow.settings);
  return { host_enabled: s.host ? 1 : 0, allow_not_select_host: s.allow_no_host ? 1 : 0, note: '' } as const;
}

/** A visit's flow by id inside a transaction (no flow: default settings). */
export async function flowIn(tx: Db | Tx, entityId: string, id: string | null) {
  const [flow] = id
    ? await tx
        .select({ settings: journeyFlows.settings })
        .from(journeyFlows)
        .where(and(eq(journeyFlows.entityId, entityId), eq(journeyFlows.id, id)))
    : [];
  return { entityId, settings: flow?.settings ?? {} };
}

/** Takes `tx` inside a transaction: a root query there deadlocks PGlite. */
export async function isHost(db: Db | Tx, flow: { entityId: string; settings: unknown }, id: string): Promise<boolean> {
  if (!UUID.test(id)) return false;
  const [row] = await db
    .select({ userTypeId: users.userTypeId, archived: users.archived })
    .from(users)
    .where(and(eq(users.entityId, flow.entityId), eq(users.id, id)));
  return Boolean(row && isHostPerson(row, new Set(await hostTypesOf(db, flow.entityId, flow.settings))));
}
