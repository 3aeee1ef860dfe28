// GET /metrics: only with METRICS_TOKEN and only for its bearer; counts requests by
// route pattern and status, push outcomes and batch sizes, pull sizes and how late changes arrive.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { buildApp } from '../app';
import { openDatabase } from '../db/database';
import { areas, entities, users } from '../db/schema/index';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, testClock, tokenFor } from '../test/harness';

const METRICS_TOKEN = 'scraper-token-0123456789';

eachDatabase((get) => {
  let app: FastifyInstance;
  let admin: string;
  const clock = testClock();

  beforeAll(async () => {
    app = await seededApp(get().database, clock, { metricsToken: METRICS_TOKEN });
    admin = await tokenFor(app, 'admin@acme.test');
  });
  afterAll(async () => {
    await app.close();
  });

  const scrape = async () => {
    const res = await app.inject({ url: '/metrics', headers: bearer(METRICS_TOKEN) });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  const value = (text: string, series: string) =>
    Number(
      text
        .split('\n')
        .find((line) => line.startsWith(`${series} `))
        ?.split(' ')[1] ?? NaN,
    );

  it('refuses a missing or wrong token, and a person’s token', async () => {
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/metrics', headers: bearer('scraper-token-wrong000000') })).statusCode).toBe(401);
    expect((await app.inject({ url: '/metrics', headers: bearer(admin) })).statusCode).toBe(401);
  });

  it('counts requests by route pattern and status, without ids in the labels', async () => {
    const [acme] = await get().database.db.select().from(entities).where(eq(entities.subdomain, 'acme'));
    await app.inject({ url: `/api/users/${acme!.id}`, headers: bearer(admin) });
    await app.inject({ url: `/api/users/${acme!.id}`, headers: bearer(admin) });
    const text = await scrape();
    expect(value(text, 'gatehouse_http_requests_total{method="GET",route="/api/users/:entityId",status="200"}')).toBe(
      2,
    );
    expect(text).not.toContain(acme!.id);
    expect(text).toContain('gatehouse_http_request_duration_seconds_bucket');
    expect(text).toContain('gatehouse_process_resident_memory_bytes');
  });

  it('counts pushed mutations by outcome, the batch size, pulled rows and arrival lag', async () => {
    const db = get().database.db;
    const [acme] = await db.select().from(entities).where(eq(entities.subdomain, 'acme'));
    const person = (await db.select({ id: users.id }).from(users).where(eq(users.entityId, acme!.id)))[0]!.id;
    const area = (await db.select({ id: areas.id }).from(areas).where(eq(areas.entityId, acme!.id)))[0]!.id;
    const deviceId = uuidv7();
    // Made on the device a minute before it reached the server.
    const at = clock.now() - 60_000;
    const mutation = (seq: number, personId: string) => ({
      seq,
      mutationId: uuidv7(),
      name: 'visit.signIn',
      clientTime: at,
      clockOffsetMs: 0,
      args: { eventId: uuidv7(), personId, areaId: area, at },
    });
    const batch = { deviceId, mutations: [mutation(1, person), mutation(2, uuidv7())] };
    const res = await app.inject({ method: 'POST', url: '/api/sync/push', headers: bearer(admin), payload: batch });
    expect(res.statusCode).toBe(200);
    await app.inject({ url: `/api/sync/pull?deviceId=${deviceId}&limit=10`, headers: bearer(admin) });

    const text = await scrape();
    expect(value(text, 'gatehouse_sync_mutations_total{outcome="applied"}')).toBe(1);
    expect(value(text, 'gatehouse_sync_mutations_total{outcome="rejected"}')).toBe(1);
    expect(value(text, 'gatehouse_sync_push_batch_size_count')).toBe(1);
    expect(value(text, 'gatehouse_sync_push_batch_size_sum')).toBe(2);
    expect(value(text, 'gatehouse_sync_pull_rows_count')).toBe(1);
    expect(value(text, 'gatehouse_sync_outbox_lag_seconds_sum')).toBe(120);
    expect(value(text, 'gatehouse_sockets_open')).toBe(0);
  });
});

it('is not there without METRICS_TOKEN', async () => {
  const database = await openDatabase({});
  const app = await buildApp({ database, now: Date.now });
  try {
    expect((await app.inject({ url: '/metrics', headers: bearer('anything') })).statusCode).toBe(404);
  } finally {
    await app.close();
    await database.close();
  }
  // A database of its own, migrated from nothing: a minute was not enough once on a loaded machine.
}, 180_000);
