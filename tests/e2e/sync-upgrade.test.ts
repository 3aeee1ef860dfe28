// A device upgraded from the last release with sign-ins it never sent: the new build upgrades
// its IndexedDB (Dexie version 3 → the catalogue's version) without losing the outbox, and
// replays the queue once when its user logs in online; a reload sends nothing twice.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import type { Browser, Page } from 'playwright-core';
import type { PullResponse } from '../../sync/protocol';
import {
  CATALOGUE_VERSION,
  DB_NAME,
  SCHEMA_V1,
  SCHEMA_V2,
  SCHEMA_V3,
  type OutboxRow,
  type VisitEventRow,
} from '../../src/db/schema';
import { CURRENT_ENTITY_KEY, CURRENT_USER_KEY } from '../../src/db/session-store';
import { login, screenshot, VIEWPORTS } from './support/browser';
import { apiLogin, type RunningServer } from './support/server';
import { useServerAndBrowser } from './support/lifecycle';

const QUEUED = 5;
const DEXIE_UMD = createRequire(import.meta.url).resolve('dexie/dist/dexie.js');

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const pendingOf = (page: Page) => page.getByTestId('sync-status').getAttribute('data-pending');

/** Every change of the company as a fresh device pulls it. */
async function pullAll(token: string): Promise<PullResponse['changes']> {
  const all: PullResponse['changes'] = [];
  const deviceId = uuidv7();
  for (let cursor: string | undefined; ;) {
    const qs = new URLSearchParams({ deviceId, limit: '1000', ...(cursor ? { cursor } : {}) });
    const res = await fetch(`${server.url}/api/sync/pull?${qs}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const page = (await res.json()) as PullResponse;
    all.push(...page.changes);
    cursor = page.cursor;
    if (!page.hasMore) return all;
  }
}

const signInsOf = (changes: PullResponse['changes']) =>
  changes.filter((c) => c.table === 'visitEvents' && (c.data as { kind?: string } | null)?.kind === 'in');

interface OldDevice {
  schemas: Array<Record<string, string>>;
  meta: Array<{ key: string; value: unknown }>;
  outbox: OutboxRow[];
  events: VisitEventRow[];
  people: Array<Record<string, unknown>>;
}

describe('upgrading a device with unsent changes', () => {
  it(`replays ${QUEUED} sign-ins queued on the last release's database exactly once after the upgrade`, async () => {
    const { token, userId, entityId } = await apiLogin(server.url);
    const before = await pullAll(token);
    const area = before.find((c) => c.table === 'areas')!;
    const people = before
      .filter((c) => c.table === 'people' && !(c.data as { archived?: boolean }).archived)
      .slice(0, QUEUED);
    expect(people).toHaveLength(QUEUED);
    const signInsBefore = signInsOf(before).length;

    // What the last release wrote when its user signed these people in offline: the optimistic
    // event and the outbox entry (sync/engine's shape), and the device's id and last seq.
    const deviceId = uuidv7();
    const at = Date.now() - 60_000;
    const queued = people.map((p, i) => ({ eventId: uuidv7(), personId: p.id, areaId: area.id, at: at + i }));
    const old: OldDevice = {
      schemas: [SCHEMA_V1, SCHEMA_V2, SCHEMA_V3],
      meta: [
        { key: 'deviceId', value: deviceId },
        { key: 'lastSeq', value: QUEUED },
        { key: CURRENT_USER_KEY, value: userId },
        { key: CURRENT_ENTITY_KEY, value: entityId },
      ],
      outbox: queued.map((args, i) => ({
        seq: i + 1,
        mutationId: uuidv7(),
        name: 'visit.signIn',
        args,
        clientTime: args.at,
        clockOffsetMs: 0,
        userId,
      })),
      events: queued.map((a) => ({
        id: a.eventId,
        personId: a.personId,
        kind: 'in',
        areaId: a.areaId,
        at: a.at,
        journeyFlowId: null,
        userTypeId: null,
        details: null,
        pending: 1,
      })),
      // As the last release kept people: a record each (version 5 keeps them in chunks).
      people: people.map((p) => ({ ...(p.data as object), id: p.id, entityId, version: p.version })),
    };

    // The old database is made by Dexie itself at version 3, on the app's origin, before the new
    // build has run there (a JSON page runs no app). CSP is bypassed only to load Dexie's script.
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: VIEWPORTS.desktop,
      serviceWorkers: 'allow',
      bypassCSP: true,
    });
    const page = await context.newPage();
    await page.goto('/api/health');
    await page.addScriptTag({ path: DEXIE_UMD });
    const oldVersion = await page.evaluate(
      async ({ name, device }) => {
        const { Dexie } = window as unknown as { Dexie: new (name: string) => import('dexie').Dexie };
        const db = new Dexie(name);
        device.schemas.forEach((stores, i) => db.version(i + 1).stores(stores));
        await db.open();
        await db.transaction('rw', ['meta', 'outbox', 'visitEvents', 'people'], async () => {
          await db.table('people').bulkPut(device.people);
          await db.table('meta').bulkPut(device.meta);
          await db.table('outbox').bulkAdd(device.outbox);
          await db.table('visitEvents').bulkPut(device.events);
        });
        const version = db.verno;
        db.close();
        return version;
      },
      { name: DB_NAME, device: old },
    );
    expect(oldVersion).toBe(3);

    // The new build opens the same database, upgrades it and, once its user logs in, sends the queue.
    await login(page, 'admin@acme.test');
    await page.getByTestId('sync-status').waitFor({ timeout: 20_000 });
    await expect.poll(() => pendingOf(page), { timeout: 30_000 }).toBe('0');
    const upgraded = await page.evaluate(
      async (name) => (await indexedDB.databases()).find((d) => d.name === name)?.version,
      DB_NAME,
    );
    expect(upgraded).toBe(CATALOGUE_VERSION * 10); // Dexie stores version n as IndexedDB version 10n
    // Its people are kept in chunks now, theirs among them: no record of the old shape is left.
    const stored = await page.evaluate(
      (name) =>
        new Promise<Array<{ id: string; rows?: Record<string, unknown> }>>((resolve, reject) => {
          const open = indexedDB.open(name);
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const all = open.result.transaction('people').objectStore('people').getAll();
            all.onsuccess = () => {
              open.result.close();
              resolve(all.result);
            };
          };
        }),
      DB_NAME,
    );
    expect(stored.filter((r) => !r.rows)).toEqual([]);
    const held = new Set(stored.flatMap((r) => Object.keys(r.rows ?? {})));
    for (const p of people) expect(held.has(p.id)).toBe(true);
    for (const p of people)
      await page.locator(`[data-person-id="${p.id}"][data-on-site="true"]`).first().waitFor({ timeout: 20_000 });
    await screenshot(page, 'sync-upgrade-replayed-desktop-en');

    const after = signInsOf(await pullAll(token));
    expect(after.length - signInsBefore).toBe(QUEUED);
    for (const q of queued) expect(after.filter((c) => c.id === q.eventId)).toHaveLength(1);

    // A reload of the upgraded device opens the new version as it is and applies nothing twice.
    await page.reload();
    await page.getByTestId('sync-status').waitFor({ timeout: 20_000 });
    await page.waitForFunction(
      () => document.querySelector('[data-testid="sync-status"]')?.getAttribute('data-phase') === 'idle',
    );
    expect(await pendingOf(page)).toBe('0');
    expect(signInsOf(await pullAll(token)).length - signInsBefore).toBe(QUEUED);
    await context.close();
  });
});
