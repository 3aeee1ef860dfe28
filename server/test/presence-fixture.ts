// Presence on a scoped device, for the sync-scope server tests: Acme seeded behind a
// test clock, visit events written with their feed rows at so many days ago, a MemoryDevice
// pulled page by page through the real route, and the company's history window.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { expect } from 'vitest';
import type { PresenceEvent } from '../../domain/presence';
import { MemoryDevice } from '../../sync/memory-store';
import type { PullResponse } from '../../sync/protocol';
import { areas, entities, sites, users } from '../db/schema/index';
import { visitEvents } from '../db/schema/visits';
import { recordChanges } from '../sync/changes';
import { eventChange } from '../visits/visits.projections';
import type { DatabaseFixture } from './databases';
import { bearer, seededApp, type Clock, tokenFor } from './harness';

export const DAY = 86_400_000;

export function presenceFixture(get: () => DatabaseFixture, clock: Clock) {
  const f = {
    app: undefined as unknown as FastifyInstance,
    acme: '',
    area: '',
    people: [] as string[],
    /** The admin's token. */
    admin: '',
    db: () => get().database.db,

    async open() {
      f.app = await seededApp(get().database, clock);
      const [a] = await f.db().select().from(entities).where(eq(entities.subdomain, 'acme'));
      f.acme = a!.id;
      await f.db().update(sites).set({ timeZone: 'Europe/London' }).where(eq(sites.entityId, f.acme));
      f.area = (await f.db().select({ id: areas.id }).from(areas).where(eq(areas.entityId, f.acme)))[0]!.id;
      f.people = (await f.db().select({ id: users.id }).from(users).where(eq(users.entityId, f.acme))).map((u) => u.id);
      f.admin = await tokenFor(f.app, 'admin@acme.test');
    },

    /** Events at `daysAgo`, with their feed rows; ids are UUIDv7, so events at one instant order as listed. */
    async events(list: Array<{ person: number; kind: 'in' | 'out'; daysAgo: number }>) {
      const rows = list.map((e) => ({
        entityId: f.acme,
        id: uuidv7(),
        personId: f.people[e.person]!,
        kind: e.kind,
        areaId: f.area,
        at: Math.round(clock.now() - e.daysAgo * DAY),
        receivedAt: new Date(clock.now()),
      }));
      await f.db().insert(visitEvents).values(rows);
      await recordChanges(
        f.db(),
        f.acme,
        rows.map((r) => eventChange({ ...r, journeyFlowId: null, userTypeId: null, deviceId: null, details: null })),
      );
      return rows.map((r) => r.id);
    },

    device: () => new MemoryDevice(uuidv7(), uuidv7(), uuidv7, () => clock.now()),
    held: (d: MemoryDevice) => [...d.table('visitEvents').values()] as unknown as PresenceEvent[],

    /** Pulls page by page as the admin into the device, calling `each` after every page it applies. */
    async pull(
      device: MemoryDevice,
      cursor: string | undefined,
      limit: number,
      each: () => void | Promise<void> = () => {},
      o: { noReset?: boolean } = {},
    ) {
      const pages: PullResponse[] = [];
      for (;;) {
        const qs = new URLSearchParams({ deviceId: device.id, limit: String(limit), ...(cursor ? { cursor } : {}) });
        const res = await f.app.inject({ method: 'GET', url: `/api/sync/pull?${qs}`, headers: bearer(f.admin) });
        expect(res.statusCode).toBe(200);
        const page = res.json() as PullResponse;
        if (o.noReset) expect(page.reset).toBeUndefined();
        await device.applyPull(page);
        await each();
        pages.push(page);
        cursor = page.cursor;
        if (!page.hasMore) return { cursor, changes: pages.flatMap((p) => p.changes) };
      }
    },

    /** The company's history window, in days, set through its route. */
    async setWindow(days: number) {
      const res = await f.app.inject({
        method: 'PUT',
        url: '/api/sync/history-window',
        headers: bearer(f.admin),
        payload: { history_days: days },
      });
      expect(res.statusCode).toBe(200);
    },
  };
  return f;
}
