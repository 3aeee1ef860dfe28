// The real thing: a new device's first sync in the built PWA (its sync worker, service
// worker and screens), not the bench page. A fresh Chromium profile on disk signs in as the
// company's admin (an admin tablet) or enrols as a kiosk through the registration screen; the
// clock runs from the sign-in's (or enrolment's) answer to the moment the app shows it has
// synced: the top bar's sync badge or the kiosk's online badge leaves "not synced yet".
import { CHROMIUM_ARGS } from '../../tests/e2e/support/browser';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../domain/constants';
import { CHROMIUM } from '../../tests/e2e/support/browser';

export interface PwaRun {
  ms: number;
  people: number;
  events: number;
  /** navigator.storage.estimate(): everything the origin stores, and IndexedDB alone. */
  storageBytes: number | null;
  indexedDbBytes: number | null;
  /** CDP Network.loadingFinished encodedDataLength of every /api/sync/pull answer (headers + compressed body). */
  pullBytes: number;
  pulls: number;
  error?: string;
}

/** The origin serves the built PWA (DIST_DIR), or this section has nothing to measure. */
export async function servesPwa(url: string): Promise<boolean> {
  const res = await fetch(`${url}/kiosk-register`).catch(() => null);
  return !!res && res.status === 200 && (res.headers.get('content-type') ?? '').includes('text/html');
}

async function freshProfile(baseURL: string): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-profile-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    baseURL,
    viewport: { width: 1280, height: 800 },
    serviceWorkers: 'allow',
    args: CHROMIUM_ARGS,
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Adds up what the pull answers cost on the wire. Playwright follows the sync worker's requests
 * too (it attaches to dedicated workers) and takes their size from CDP's loadingFinished. */
function meterPulls(page: Page) {
  const meter = { bytes: 0, pulls: 0, waiting: [] as Promise<void>[] };
  page.on('requestfinished', (request) => {
    if (!request.url().includes('/api/sync/pull')) return;
    meter.pulls++;
    meter.waiting.push(
      request.sizes().then(
        (s) => void (meter.bytes += s.responseHeadersSize + s.responseBodySize),
        () => undefined,
      ),
    );
  });
  return meter;
}

/** Resolves with the page's clock when `selector` is in the document (checked every frame). */
async function shownAt(page: Page, selector: string, timeout: number): Promise<number> {
  const handle = await page.waitForFunction((s) => (document.querySelector(s) ? Date.now() : 0), selector, {
    timeout,
    polling: 'raf',
  });
  return (await handle.jsonValue()) as number;
}

// A string, not a function: tsx would wrap named inner functions in a helper the page lacks.
const HELD = `new Promise((done) => {
  const open = indexedDB.open('gatehouse');
  open.onsuccess = () => {
    const tx = open.result.transaction(['people', 'visitEvents']);
    // People are kept in chunks (src/db/chunked-tables.ts): the rows of each chunk are counted;
    // a record without rows is one person, as builds before the chunks kept them.
    const people = tx.objectStore('people').getAll();
    const events = tx.objectStore('visitEvents').count();
    tx.oncomplete = async () => {
      const estimate = await navigator.storage.estimate();
      open.result.close();
      const rows = people.result.reduce((n, r) => n + (r.rows ? Object.keys(r.rows).length : 1), 0);
      done({ people: rows, events: events.result, usage: estimate.usage ?? null,
        indexedDb: (estimate.usageDetails && estimate.usageDetails.indexedDB) ?? null });
    };
  };
})`;

async function measure(
  baseURL: string,
  start: (page: Page) => Promise<number>,
  synced: string,
  timeoutMs: number,
): Promise<PwaRun> {
  const profile = await freshProfile(baseURL);
  try {
    const page = profile.context.pages()[0] ?? (await profile.context.newPage());
    const meter = meterPulls(page);
    const t0 = await start(page);
    let t1: number;
    try {
      t1 = await shownAt(page, synced, timeoutMs);
    } catch (error) {
      return {
        ms: NaN,
        people: 0,
        events: 0,
        storageBytes: null,
        indexedDbBytes: null,
        pullBytes: 0,
        pulls: 0,
        error: String(error).slice(0, 200),
      };
    }
    await Promise.all(meter.waiting);
    const held = (await page.evaluate(HELD)) as {
      people: number;
      events: number;
      usage: number | null;
      indexedDb: number | null;
    };
    return {
      ms: t1 - t0,
      people: held.people,
      events: held.events,
      storageBytes: held.usage,
      indexedDbBytes: held.indexedDb,
      pullBytes: meter.bytes,
      pulls: meter.pulls,
    };
  } finally {
    await profile.close();
  }
}

/** Until the page's service worker has installed (30 s at most): the time a person spends typing. */
const untilServiceWorker = (page: Page) =>
  page.evaluate(() =>
    Promise.race([navigator.serviceWorker.ready, new Promise((resolve) => setTimeout(resolve, 30_000))]),
  );

/** The time (Node's clock, as the page's) at which the answer to `path` came back. */
async function answered(page: Page, path: string, act: () => Promise<void>): Promise<number> {
  const waiting = page.waitForResponse((r) => new URL(r.url()).pathname === path && r.request().method() === 'POST', {
    timeout: 60_000,
  });
  await act();
  const response = await waiting;
  const at = Date.now();
  if (response.status() >= 300) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return at;
}

/** An admin tablet: the login screen, then the app until its sync badge says it has synced. */
export function adminFirstSync(baseURL: string, email: string, timeoutMs = 120_000): Promise<PwaRun> {
  return measure(
    baseURL,
    async (page) => {
      await page.goto('/login');
      // A person types their email and password for some seconds: the login page installs the
      // service worker meanwhile (src/pwa/install-early.ts), so it is ready before they sign in.
      await untilServiceWorker(page);
      await page.locator('input[name="email"]').fill(email);
      await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
      return answered(page, '/api/login', () => page.locator('button[type="submit"]').click());
    },
    '[data-testid="sync-status"][data-synced="true"]',
    timeoutMs,
  );
}

/** A kiosk: enrolled at `area` by `email` on the registration screen, until its badge says it has synced. */
export function kioskFirstSync(baseURL: string, email: string, area: string, timeoutMs = 120_000): Promise<PwaRun> {
  return measure(
    baseURL,
    async (page) => {
      await page.goto('/kiosk-register');
      // The person enrolling signs in, picks an area and names the kiosk meanwhile: the page's
      // service worker has installed before the kiosk starts its first sync.
      await untilServiceWorker(page);
      await page.locator('input[name="email"]').fill(email);
      await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
      await page.getByTestId('kiosk-register-login').click();
      await page.getByTestId('kiosk-register-area').click();
      await page.getByRole('option', { name: area }).click();
      await page.getByTestId('kiosk-register-name').fill(`Bench kiosk ${Date.now()}`);
      return answered(page, '/api/kiosk', () => page.getByTestId('kiosk-register-submit').click());
    },
    '[data-testid="kiosk-online"][data-synced="true"]',
    timeoutMs,
  );
}
