// The callers of the permission walk: one login per seeded role of Acme (the role with no
// login in the seed, "default users", gets one here) and a kiosk's device token, each with
// the permission map the server resolves from its token.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ROLE_NAMES } from '../../domain/permissions';
import type { DatabaseHandle } from '../db/database';
import { areas } from '../db/schema/places';
import { roles, users } from '../db/schema/people';
import type { RequestContext } from '../http/context';
import { bearer, tokenFor } from './harness';

export interface Caller {
  name: string;
  token: string;
  ctx: RequestContext;
  device: boolean;
}

/** Logs in one user per role of the company (making a login where the seed has none). */
export async function roleCallers(app: FastifyInstance, database: DatabaseHandle, entityId: string): Promise<Caller[]> {
  const db = database.db;
  const [admin] = await db
    .select()
    .from(users)
    .where(and(eq(users.entityId, entityId), eq(users.email, 'admin@acme.test')));
  const callers: Caller[] = [];
  for (const role of await db.select().from(roles).where(eq(roles.entityId, entityId))) {
    const members = await db
      .select()
      .from(users)
      .where(and(eq(users.entityId, entityId), eq(users.roleId, role.id)));
    const member = members.find((u) => u.passwordHash && u.dashboardAccess && !u.archived) ?? members[0];
    if (!member) continue;
    if (!member.passwordHash || !member.dashboardAccess) {
      await db
        .update(users)
        .set({ passwordHash: admin!.passwordHash, dashboardAccess: true })
        .where(and(eq(users.entityId, entityId), eq(users.id, member.id)));
    }
    callers.push(await callerOf(app, role.name, await tokenFor(app, member.email), false));
  }
  const seeded = new Set(callers.map((c) => c.name));
  const missing = ROLE_NAMES.filter((r) => !seeded.has(r));
  if (missing.length) throw new Error(`no caller for the seeded roles ${missing.join(', ')}`);
  return callers;
}

/** A kiosk registered by the admin for the company's first area, holding its device token. */
export async function kioskCaller(
  app: FastifyInstance,
  database: DatabaseHandle,
  entityId: string,
  adminToken: string,
): Promise<Caller> {
  const [area] = await database.db.select().from(areas).where(eq(areas.entityId, entityId)).limit(1);
  const res = await app.inject({
    method: 'POST',
    url: '/api/kiosk',
    headers: bearer(adminToken),
    payload: { kiosk_name: 'Permission walk', area_id: area!.id },
  });
  if (res.statusCode !== 201) throw new Error(`kiosk registration failed: ${res.body}`);
  return callerOf(
    app,
    'kiosk device token',
    (res.json() as { data: { access_token: string } }).data.access_token,
    true,
  );
}

async function callerOf(app: FastifyInstance, name: string, token: string, device: boolean): Promise<Caller> {
  const ctx = await app.services.auth.authenticate(token);
  if (!ctx) throw new Error(`${name}: the token does not authenticate`);
  return { name, token, ctx, device };
}
