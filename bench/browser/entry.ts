// The sync code the app runs, on a bare page, for timing in Chromium: recording a sign-in
// (event + outbox in one Dexie transaction) against a bare put, and a catch-up pull into Dexie.
import { v7 as uuidv7 } from 'uuid';
import { mutate } from '../../sync/client';
import { SyncEngine } from '../../sync/engine';
import { httpTransport } from '../../sync/http-transport';
import { createDb } from '../../src/db/schema';
import { CURRENT_ENTITY_KEY, CURRENT_USER_KEY } from '../../src/db/session-store';
import { DexieOutbox, dexieMutateDeps } from '../../src/sync/dexie-store';

async function freshDb(label: string, userId: string) {
  const db = createDb(`bench-${label}-${uuidv7()}`);
  await db.open();
  await db.meta.bulkPut([
    { key: CURRENT_USER_KEY, value: userId },
    { key: CURRENT_ENTITY_KEY, value: 'bench' },
  ]);
  return db;
}

async function commit(n: number): Promise<{ commit: number[]; bare: number[] }> {
  const db = await freshDb('commit', uuidv7());
  const deps = dexieMutateDeps(db);
  const area = uuidv7();
  const args = () => ({ eventId: uuidv7(), personId: uuidv7(), areaId: area, at: Date.now() });
  for (let i = 0; i < 20; i++) await mutate(deps, 'visit.signIn', args()); // warm up
  const commitTimes: number[] = [];
  const bareTimes: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await mutate(deps, 'visit.signIn', args());
    commitTimes.push(performance.now() - t0);
    const a = args();
    const row = { id: a.eventId, personId: a.personId, kind: 'in' as const, areaId: a.areaId, at: a.at, pending: 1 };
    const t1 = performance.now();
    await db.visitEvents.put(row);
    bareTimes.push(performance.now() - t1);
  }
  db.close();
  return { commit: commitTimes, bare: bareTimes };
}

async function pull(
  token: string,
  userId: string,
): Promise<{ ms: number; people: number; events: number; storageBytes: number | null; pullBytes: number }> {
  const db = await freshDb('pull', userId);
  const engine = new SyncEngine({
    store: new DexieOutbox(db),
    transport: httpTransport({ baseUrl: location.origin, fetch: (url, init) => fetch(url, init), token: () => token }),
    scheduler: { now: Date.now, random: Math.random, after: () => () => undefined },
  });
  const t0 = performance.now();
  await engine.sync();
  const ms = performance.now() - t0;
  const result = {
    ms,
    people: await db.people.count(),
    events: await db.visitEvents.count(),
    // What the origin stores (this page's only database: each run starts a fresh browser profile).
    storageBytes: (await navigator.storage.estimate()).usage ?? null,
    error: engine.getStatus().lastError,
    // What the pulls cost on the wire: each answer's encoded body (brotli, as the server sends it).
    pullBytes: performance
      .getEntriesByType('resource')
      .filter((e) => e.name.includes('/api/sync/pull'))
      .reduce((sum, e) => sum + (e as PerformanceResourceTiming).encodedBodySize, 0),
  };
  db.close();
  return result;
}

(window as unknown as { bench: unknown }).bench = { commit, pull };
document.title = 'ready';
