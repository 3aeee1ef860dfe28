// Test helpers: a movable clock, an app over a seeded database, and login shortcuts.
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { DEMO_PASSWORD } from '../../domain/constants';
import type { StoredUser } from '../../domain/session';
import { buildApp, type AppDeps } from '../app';
import type { DatabaseHandle } from '../db/database';
import { entities, sites, users, roles, userTypes } from '../db/schema/index';
import { seedDemo } from '../seed/demo';
import { guardRootHandle } from './root-guard';

export interface Clock {
  now: () => number;
  advance(ms: number): void;
}

export function testClock(start = Date.UTC(2026, 0, 15, 9, 0, 0)): Clock {
  let t = start;
  return {
    now: () => t,
    advance: (ms) => {
      t += ms;
    },
  };
}

export async function seededApp(
  database: DatabaseHandle,
  clock: Clock = testClock(),
  extra: Partial<AppDeps> = {},
): Promise<FastifyInstance> {
  // Also for handles opened outside eachDatabase: a root query inside a transaction throws.
  const guardedDb = guardRootHandle(database);
  await seedDemo(guardedDb.db, { now: clock.now, production: false });
  const app = await buildApp({ database: guardedDb, now: clock.now, ...extra });
  await app.ready();
  return app;
}

let addressCounter = 0;
/** A distinct client address per call, so the per-address login limit never couples tests. */
export const freshAddress = (): string => `10.0.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;

export async function login(
  app: FastifyInstance,
  email: string,
  password = DEMO_PASSWORD,
  extra: Record<string, unknown> = {},
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password, ...extra },
    remoteAddress: freshAddress(),
  });
  return { response, body: response.json() as StoredUser & { code?: string; message?: string } };
}

export async function tokenFor(app: FastifyInstance, email: string): Promise<string> {
  const { response, body } = await login(app, email);
  if (response.statusCode !== 200) throw new Error(`login ${email} failed: ${response.body}`);
  return body.data.access_token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Ids and strings of one seeded company, to call routes with and to look for in answers. */
export async function entityFacts(database: DatabaseHandle, subdomain: string) {
  const db = database.db;
  const [entity] = await db.select().from(entities).where(eq(entities.subdomain, subdomain));
  if (!entity) throw new Error(`no entity ${subdomain}`);
  const userRows = await db.select().from(users).where(eq(users.entityId, entity.id));
  const siteRows = await db.select().from(sites).where(eq(sites.entityId, entity.id));
  const roleRows = await db.select().from(roles).where(eq(roles.entityId, entity.id));
  const typeRows = await db.select().from(userTypes).where(eq(userTypes.entityId, entity.id));
  return {
    entity,
    ids: [
      entity.id,
      ...userRows.map((u) => u.id),
      ...siteRows.map((s) => s.id),
      ...roleRows.map((r) => r.id),
      ...typeRows.map((t) => t.id),
    ],
    strings: [
      entity.name,
      entity.subdomain,
      ...userRows.map((u) => u.email),
      ...userRows.map((u) => u.fullName),
      ...siteRows.map((s) => s.name),
    ],
  };
}

/**
 * An `inject` as a bearer with an optional JSON payload. The app and the default token are
 * read at call time, so a suite can set them in its beforeAll.
 */
export function callerOf(app: () => FastifyInstance, defaultToken: () => string) {
  return (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = defaultToken()) =>
    app().inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}
