// Faults in real Chromium: a push whose answer is lost after the server applied it, and two
// devices working offline at once. Each ends with exact server totals: 0 lost, 0 duplicated.
import { describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { onSite, type PresenceEvent } from '../../domain/presence';
import type { PullResponse } from '../../sync/protocol';
import { login, newContext, untilOfflineReady } from '../e2e/support/browser';
import { network } from '../e2e/support/network';
import type { RunningServer } from '../e2e/support/server';
import { useServerAndBrowser } from '../e2e/support/lifecycle';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

async function serverEvents(token: string): Promise<PresenceEvent[]> {
  const all: PresenceEvent[] = [];
  let cursor: string | undefined;
  const deviceId = uuidv7();
  for (;;) {
    const qs = new URLSearchParams({ deviceId, limit: '1000', ...(cursor ? { cursor } : {}) });
    const page = (await (
      await fetch(`${server.url}/api/sync/pull?${qs}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as PullResponse;
    for (const c of page.changes) if (c.table === 'visitEvents') all.push(c.data as unknown as PresenceEvent);
    cursor = page.cursor;
    if (!page.hasMore) return all;
  }
}

async function ready(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await login(page, 'admin@acme.test');
  await page.getByTestId('sign-in-button').first().waitFor({ timeout: 20_000 });
  await page.waitForFunction(
    () => document.querySelector('[data-testid="sync-status"]')?.getAttribute('data-phase') === 'idle',
  );
  // A device goes offline prepared: the service worker has the app and controls the page.
  await untilOfflineReady(page);
  return page;
}

const pending = (page: Page) => page.getByTestId('sync-status').getAttribute('data-pending');

/** What the device set aside as refused by the server (none, in these tests): its codes and messages. */
const refused = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('gatehouse');
        open.onsuccess = () => {
          const all = open.result.transaction('rejected').objectStore('rejected').getAll();
          all.onsuccess = () => {
            open.result.close();
            resolve(
              (all.result as Array<{ name?: string; code?: string; message?: string }>).map(
                (r) => `${r.name} ${r.code} ${r.message}`,
              ),
            );
          };
        };
      }),
  );
const tokenOf = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('user')!).data.access_token as string);

/** Taps sign-in or sign-out on the first `people` rows, `rounds` times each: 2 events a round. */
async function toggle(page: Page, people: number, rounds: number): Promise<number> {
  let taps = 0;
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < people; i++) {
      const row = page.getByTestId('person-row').nth(i);
      const before = await row.getAttribute('data-on-site');
      await row.getByRole('button').click();
      await expect.poll(() => row.getAttribute('data-on-site')).not.toBe(before);
      taps++;
    }
  }
  return taps;
}

describe('sync faults in Chromium', () => {
  it('applies a batch once when the network is cut mid-push, after the server applied it', async () => {
    const context = await newContext(browser, server.url, 'desktop', { offline: true });
    const page = await ready(context);
    const token = await tokenOf(page);
    const before = (await serverEvents(token)).length;
    const net = await network(context, { loseAnswerOnce: true });
    await net.cut();
    const taps = await toggle(page, 3, 4);
    // Nothing reached the server while the device was cut off.
    expect((await serverEvents(token)).length).toBe(before);
    await expect.poll(() => pending(page)).toBe(String(taps));
    await net.restore();
    await expect.poll(() => pending(page), { timeout: 30_000 }).toBe('0');
    expect(net.lost()).toBe(1);
    expect(await refused(page)).toEqual([]);
    expect((await serverEvents(token)).length).toBe(before + taps);
    await context.close();
  });

  it('merges two devices that worked offline at once, with exact totals', async () => {
    const [ca, cb] = [
      await newContext(browser, server.url, 'desktop', { offline: true }),
      await newContext(browser, server.url, 'tablet', { offline: true }),
    ];
    const [a, b] = [await ready(ca), await ready(cb)];
    const token = await tokenOf(a);
    const before = await serverEvents(token);
    const nets = [await network(ca), await network(cb)];
    await Promise.all(nets.map((n) => n.cut()));
    const [tapsA, tapsB] = await Promise.all([toggle(a, 4, 3), toggle(b, 4, 2)]);
    expect((await serverEvents(token)).length).toBe(before.length);
    await Promise.all(nets.map((n) => n.restore()));
    await expect.poll(() => pending(a), { timeout: 30_000 }).toBe('0');
    await expect.poll(() => pending(b), { timeout: 30_000 }).toBe('0');

    const after = await serverEvents(token);
    expect(after.length).toBe(before.length + tapsA + tapsB);
    expect(new Set(after.map((e) => e.id)).size).toBe(after.length);
    // Every device ends with the server's idea of who is on site (among the people it lists).
    const expected = new Set(onSite(after).keys());
    for (const page of [a, b]) {
      await expect
        .poll(
          async () => {
            const rows = await page
              .getByTestId('person-row')
              .evaluateAll((els) =>
                els.map((r) => [r.getAttribute('data-person-id')!, r.getAttribute('data-on-site') === 'true'] as const),
              );
            return rows.every(([id, here]) => here === expected.has(id));
          },
          { timeout: 15_000 },
        )
        .toBe(true);
    }
    await Promise.all([ca.close(), cb.close()]);
  });
});
