// Sync scopes in Chromium: a kiosk with offline sign-ins queued is moved to another area by an
// admin. Back online it holds the new area's journey and expected visit and no longer the old
// area's expected visit, without a reset, and the sign-ins made before the move reach the
// server exactly once.
import type { Page } from 'playwright-core';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PullResponse } from '../../sync/protocol';
import {
  answerCompliance,
  checks,
  chooseHost,
  done,
  newVisitorDetails,
  registerKiosk,
  result,
  shooter,
  startJourney,
  step,
} from './kiosk/kiosk-steps';
import { newContext, screenshot, untilOfflineReady } from './support/browser';
import { useServerAndBrowser } from './support/lifecycle';
import { apiLogin, type RunningServer } from './support/server';
import type { Browser } from 'playwright-core';

let server: RunningServer;
let browser: Browser;
let adminToken: string;
let entityId: string;

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${adminToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Everything the admin's device receives (today's events are in its scope). */
async function adminPull(): Promise<PullResponse['changes']> {
  const all: PullResponse['changes'] = [];
  let cursor: string | undefined;
  const deviceId = uuidv7();
  for (;;) {
    const qs = new URLSearchParams({ deviceId, limit: '5000', ...(cursor ? { cursor } : {}) });
    const page = await api<PullResponse>('GET', `/sync/pull?${qs}`);
    all.push(...page.changes);
    cursor = page.cursor;
    if (!page.hasMore) return all;
  }
}

/** The rows of one of the kiosk's IndexedDB stores. */
const rows = (page: Page, store: string) =>
  page.evaluate(
    (name) =>
      new Promise<Array<Record<string, unknown>>>((resolve, reject) => {
        const open = indexedDB.open('gatehouse');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction(name).objectStore(name).getAll();
          all.onsuccess = () => {
            open.result.close();
            resolve(all.result as Array<Record<string, unknown>>);
          };
        };
      }),
    store,
  );
const ids = async (page: Page, store: string) => new Set((await rows(page, store)).map((r) => r.id as string));

const ahead = (hours: number) => {
  const d = new Date(Date.now() + hours * 3600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    visit_date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    visit_time: `${pad(d.getHours())}:${pad(d.getMinutes())}:00`,
    tz_offset: d.getTimezoneOffset(),
  };
};

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});
beforeAll(async () => {
  ({ token: adminToken, entityId } = await apiLogin(server.url));
});

describe('a kiosk moved to another area while offline', () => {
  it('receives the new area’s journey and expected visits, drops the old area’s, and replays its sign-ins once', async () => {
    const areas = (await api<{ data: Array<{ id: string; name: string }> }>('GET', '/kiosks/areas')).data;
    const reception = areas.find((a) => a.name === 'Reception')!.id;
    const bay = areas.find((a) => a.name === 'Loading Bay')!.id;
    let flow = '';
    let visitorType = '';
    for (const c of await adminPull()) {
      const d = c.data as { name?: string };
      if (c.table === 'journeyFlows' && d.name === 'Visitor arrival') flow = c.id;
      if (c.table === 'userTypes' && d.name === 'Visitor') visitorType = c.id;
    }
    // A journey only the loading bay offers, and one expected visitor for each area.
    const journey = await api<{ data: { id: string } }>('POST', '/journeys', {
      name: 'Bay deliveries',
      description: 'Drivers at the loading bay',
      settings: { areas: [bay] },
    });
    await api('POST', `/journeys/${journey.data.id}/flows`, { name: 'Driver arrival', user_type_id: visitorType });
    const expect1 = async (first: string, areaId: string, phone: string) =>
      (
        await api<{ data: Array<{ visit_id: string }> }>('POST', '/add-expected-visitors', {
          visitors: [
            {
              first_name: first,
              last_name: 'Expected',
              email: `${first.toLowerCase()}.expected@example.com`,
              phone,
              user_type_id: visitorType,
              journey_flow_id: flow,
              area_id: areaId,
              ...ahead(3),
            },
          ],
        })
      ).data[0]!.visit_id;
    const atReception = await expect1('Rhea', reception, '447700900301');
    const atBay = await expect1('Bert', bay, '447700900302');

    const context = await newContext(browser, server.url, 'kioskLandscape', { offline: true });
    await context.addInitScript(() => localStorage.setItem('language', 'en'));
    const page = await context.newPage();
    await registerKiosk(page, 'Moving desk', shooter(page, null));
    await page.locator('[data-testid="kiosk-online"][data-online="true"]').waitFor();
    await expect.poll(async () => (await ids(page, 'expectedVisits')).has(atReception), { timeout: 30_000 }).toBe(true);
    expect((await ids(page, 'expectedVisits')).has(atBay)).toBe(false);
    expect((await ids(page, 'journeys')).has(journey.data.id)).toBe(false);

    await untilOfflineReady(page);
    await context.setOffline(true);
    await page.locator('[data-testid="kiosk-online"][data-online="false"]').waitFor();
    const visitors = ['Mira', 'Milo'].map((first, i) => ({
      first,
      last: 'Moved',
      email: `${first.toLowerCase()}.moved@example.com`,
      phone: `0770090070${i}`,
    }));
    for (const who of visitors) {
      await startJourney(page, 'Visitor sign-in');
      await newVisitorDetails(page, who, shooter(page, null));
      await answerCompliance(page, 'yes', null, shooter(page, null));
      await checks(page, '36.6', shooter(page, null));
      await chooseHost(page, 'Hannah Ho', shooter(page, null));
      expect(await result(page)).toMatchObject({ signedIn: 'true' });
      await done(page);
    }
    expect((await rows(page, 'outbox')).length).toBeGreaterThan(0);

    // The admin moves the kiosk while it is offline.
    const kiosks = (await api<{ data: Array<{ id: string; kiosk_name: string }> }>('GET', `/kiosk/${entityId}`)).data;
    await api('PUT', `/kiosk_move/${kiosks.find((k) => k.kiosk_name === 'Moving desk')!.id}`, { area_id: bay });

    await context.setOffline(false);
    await page.getByTestId('kiosk-area').filter({ hasText: 'Loading Bay' }).waitFor({ timeout: 30_000 });
    await page.getByTestId('kiosk-journey').filter({ hasText: 'Bay deliveries' }).waitFor({ timeout: 30_000 });
    await expect.poll(async () => (await ids(page, 'expectedVisits')).has(atBay), { timeout: 30_000 }).toBe(true);
    expect((await ids(page, 'expectedVisits')).has(atReception)).toBe(false);
    await expect.poll(async () => (await rows(page, 'outbox')).length, { timeout: 30_000 }).toBe(0);
    await step(page, 'home');
    await screenshot(page, 'sync-scope-moved-kiosk-landscape-en');

    // Each offline sign-in reached the server exactly once.
    const changes = await adminPull();
    for (const who of visitors) {
      const person = changes.find(
        (c) => c.table === 'people' && (c.data as { fullName: string }).fullName === `${who.first} ${who.last}`,
      );
      expect(person).toBeDefined();
      const signIns = changes.filter(
        (c) =>
          c.table === 'visitEvents' &&
          (c.data as { personId: string; kind: string }).personId === person!.id &&
          (c.data as { kind: string }).kind === 'in',
      );
      expect(signIns).toHaveLength(1);
    }
    await context.close();
  });
});
