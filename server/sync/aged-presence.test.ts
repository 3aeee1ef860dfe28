// Aged sign-outs leave devices and presence stays exact on every page (issue 21): an admin
// tablet whose history window shrinks drops a completed visit, sign-out included, and keeps a
// sign-in from three weeks ago; when the window grows again, no page puts the old sign-in back
// without the sign-out that ends it.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { onSite, type PresenceEvent } from '../../domain/presence';
import { MemoryDevice } from '../../sync/memory-store';
import type { PullResponse } from '../../sync/protocol';
import { areas, entities, sites, users } from '../db/schema/index';
import { visitEvents } from '../db/schema/sync';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, testClock, tokenFor } from '../test/harness';
import { eventChange } from '../visits/visits.projections';
import { recordChanges } from './changes';

const DAY = 86_400_000;

eachDatabase((get) => {
  const clock = testClock();
  let app: FastifyInstance;
  let acme: string;
  let area: string;
  let people: string[];
  let admin: string;
  const db = () => get().database.db;

  const events = async (list: Array<{ person: number; kind: 'in' | 'out'; daysAgo: number }>) => {
    const rows = list.map((e) => ({
      entityId: acme,
      id: uuidv7(),
      personId: people[e.person]!,
      kind: e.kind,
      areaId: area,
      at: Math.round(clock.now() - e.daysAgo * DAY),
      receivedAt: new Date(clock.now()),
    }));
    await db().insert(visitEvents).values(rows);
    await recordChanges(
      db(),
      acme,
      rows.map((r) => eventChange({ ...r, journeyFlowId: null, userTypeId: null, deviceId: null, details: null })),
    );
    return rows.map((r) => r.id);
  };
  const held = (d: MemoryDevice) => [...d.table('visitEvents').values()] as unknown as PresenceEvent[];
  /** Pulls page by page into the device, calling `each` after every page it applies. */
  const pull = async (device: MemoryDevice, cursor: string | undefined, limit: number, each = () => {}) => {
    const pages: PullResponse[] = [];
    for (;;) {
      const qs = new URLSearchParams({ deviceId: device.id, limit: String(limit), ...(cursor ? { cursor } : {}) });
      const res = await app.inject({ method: 'GET', url: `/api/sync/pull?${qs}`, headers: bearer(admin) });
      expect(res.statusCode).toBe(200);
      const page = res.json() as PullResponse;
      await device.applyPull(page);
      each();
      pages.push(page);
      cursor = page.cursor;
      if (!page.hasMore) return { cursor, changes: pages.flatMap((p) => p.changes) };
    }
  };
  const setWindow = async (days: number) => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/sync/history-window',
      headers: bearer(admin),
      payload: { history_days: days },
    });
    expect(res.statusCode).toBe(200);
  };

  beforeAll(async () => {
    app = await seededApp(get().database, clock);
    const [a] = await db().select().from(entities).where(eq(entities.subdomain, 'acme'));
    acme = a!.id;
    await db().update(sites).set({ timeZone: 'Europe/London' }).where(eq(sites.entityId, acme));
    area = (await db().select({ id: areas.id }).from(areas).where(eq(areas.entityId, acme)))[0]!.id;
    people = (await db().select({ id: users.id }).from(users).where(eq(users.entityId, acme))).map((u) => u.id);
    admin = await tokenFor(app, 'admin@acme.test');
  });
  afterAll(async () => {
    await app.close();
  });

  it('drops a completed visit with its sign-out when the window shrinks, and never shows it on site as it grows back', async () => {
    const [visitIn, visitOut] = await events([
      { person: 0, kind: 'in', daysAgo: 10 },
      { person: 0, kind: 'out', daysAgo: 9.9 },
    ]);
    const [stays] = await events([{ person: 1, kind: 'in', daysAgo: 21 }]);
    const device = new MemoryDevice(uuidv7(), uuidv7(), uuidv7, () => clock.now());
    const here = () => [...onSite(held(device)).keys()];
    const first = await pull(device, undefined, 1000);
    for (const id of [visitIn, visitOut, stays]) expect(device.table('visitEvents').has(id!)).toBe(true);

    await setWindow(3);
    const shorter = await pull(device, first.cursor, 1);
    // The sign-out leaves too; its delete carries the row, so the sign-in goes with it.
    expect(shorter.changes.find((c) => c.id === visitOut)).toMatchObject({ op: 'del', data: { kind: 'out' } });
    expect(held(device).map((e) => e.id)).toEqual([stays]);
    expect(here()).toEqual([people[1]]);

    await setWindow(30);
    // One row a page: whichever of the visit's rows comes first, the sign-out is on the device with it.
    const longer = await pull(device, shorter.cursor, 1, () => expect(here()).toEqual([people[1]]));
    expect(longer.changes.some((c) => c.op === 'put' && c.id === visitIn)).toBe(true);
    expect(
      held(device)
        .map((e) => e.id)
        .sort(),
    ).toEqual([visitIn, visitOut, stays].sort());
  });
});
