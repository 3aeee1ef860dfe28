// In real Chromium: a device synced with a right clock goes offline and its wall
// clock jumps (+3 days, −5 days, a reset to 2000). Date is moved on the page (performance.now() is
// not: a monotonic clock does not jump). Its sign-ins must reach the server at the times they
// really happened (the page's monotonic anchor), with exact totals and an exact on-site list.
// On the embedded database, and on PostgreSQL when DATABASE_URL is set.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { onSite, type PresenceEvent } from '../../domain/presence';
import type { PullResponse } from '../../sync/protocol';
import { launch, login, newContext, untilOfflineReady } from '../e2e/support/browser';
import { network } from '../e2e/support/network';
import { startServer, type RunningServer } from '../e2e/support/server';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The embedded database, and PostgreSQL when DATABASE_URL is set (a new database the server
 * migrates and seeds at its first start, as `npm start` does). */
const DATABASES = ['pglite', ...(process.env.DATABASE_URL ? ['postgres'] : [])] as const;

async function serverOn(
  kind: (typeof DATABASES)[number],
): Promise<{ server: RunningServer; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const started = await startServer();
    return { server: started, drop: () => started.stop() };
  }
  const name = `gh_clock_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  const started = await startServer({ env: { DATABASE_URL: url.toString() } });
  return {
    server: started,
    drop: async () => {
      await started.stop();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

const DAY = 86_400_000;
const JUMPS: Array<[string, (now: number) => number]> = [
  ['+3 days', () => 3 * DAY],
  ['−5 days', () => -5 * DAY],
  ['a reset to 2000-01-01', (now) => Date.UTC(2000, 0, 1) - now],
];

async function serverEvents(token: string): Promise<Array<PresenceEvent & { clockUntrusted?: boolean }>> {
  const all: Array<PresenceEvent & { clockUntrusted?: boolean }> = [];
  let cursor: string | undefined;
  const deviceId = uuidv7();
  for (;;) {
    const qs = new URLSearchParams({ deviceId, limit: '1000', ...(cursor ? { cursor } : {}) });
    const page = (await (
      await fetch(`${server.url}/api/sync/pull?${qs}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as PullResponse;
    for (const c of page.changes) if (c.table === 'visitEvents') all.push(c.data as never);
    cursor = page.cursor;
    if (!page.hasMore) return all;
  }
}

/** Moves the page's wall clock by `ms` (0 puts it back); performance.now() is left alone. */
const moveClock = (page: Page, ms: number) =>
  page.evaluate((shift) => {
    const w = window as unknown as { __RealDate?: DateConstructor; Date: DateConstructor };
    const Real = (w.__RealDate ??= Date);
    if (shift === 0) {
      w.Date = Real;
      return;
    }
    class Shifted extends Real {
      constructor(...args: unknown[]) {
        if (args.length === 0) super(Real.now() + shift);
        else super(...(args as [number]));
      }
      static override now() {
        return Real.now() + shift;
      }
    }
    w.Date = Shifted as DateConstructor;
  }, ms);

const pending = (page: Page) => page.getByTestId('sync-status').getAttribute('data-pending');
const tokenOf = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('user')!).data.access_token as string);

describe.each(DATABASES)('a device clock that jumps while offline (%s)', (kind) => {
  let drop: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    ({ server, drop } = await serverOn(kind));
  });
  afterAll(() => drop());

  it('keeps the times, the totals and the on-site list exact for +3 d, −5 d and year 2000', async () => {
    const context = await newContext(browser, server.url, 'desktop', { offline: true });
    const page = await context.newPage();
    await login(page, 'admin@acme.test');
    await page.getByTestId('sign-in-button').first().waitFor({ timeout: 20_000 });
    await page.waitForFunction(
      () => document.querySelector('[data-testid="sync-status"]')?.getAttribute('data-phase') === 'idle',
    );
    await untilOfflineReady(page);
    const token = await tokenOf(page);
    const net = await network(context);
    let row = 0;
    for (const [label, jump] of JUMPS) {
      const before = await serverEvents(token);
      await net.cut();
      await moveClock(page, jump(Date.now()));
      const tapped: Array<{ id: string; at: number }> = [];
      for (let i = 0; i < 3; i++, row++) {
        const r = page.getByTestId('person-row').nth(row);
        const was = await r.getAttribute('data-on-site');
        const at = Date.now();
        await r.getByRole('button').click();
        await expect.poll(() => r.getAttribute('data-on-site')).not.toBe(was);
        tapped.push({ id: (await r.getAttribute('data-person-id'))!, at });
      }
      await net.restore();
      await expect.poll(() => pending(page), { timeout: 30_000 }).toBe('0');
      await moveClock(page, 0);

      const after = await serverEvents(token);
      expect(after.length, label).toBe(before.length + 3);
      const known = new Set(before.map((e) => e.id));
      const fresh = after.filter((e) => !known.has(e.id));
      for (const t of tapped) {
        const e = fresh.find((x) => x.personId === t.id)!;
        // At the real time of the tap (within the anchor's round trip), not days away.
        expect(Math.abs(e.at - t.at), label).toBeLessThan(60_000);
        expect(e.clockUntrusted, label).toBeUndefined();
      }
      // The page lists who is on site exactly as the server's events say.
      const expected = new Set(onSite(after).keys());
      await expect
        .poll(
          async () =>
            (
              await page
                .getByTestId('person-row')
                .evaluateAll((els) =>
                  els.map(
                    (r) => [r.getAttribute('data-person-id')!, r.getAttribute('data-on-site') === 'true'] as const,
                  ),
                )
            ).every(([id, here]) => here === expected.has(id)),
          { timeout: 15_000 },
        )
        .toBe(true);
    }
    await context.close();
  });
});
