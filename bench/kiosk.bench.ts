// `npm run bench:kiosk`: the kiosk benchmarks, in Chromium against the built PWA
// (run `npx vite build` first) on a PGlite target: the kiosk route's initial JS + CSS (gzip),
// offline cold start to an interactive home, and tap "confirm" → result committed locally.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { advanceClock, done, registerKiosk, startJourney, step } from '../tests/e2e/kiosk/kiosk-steps';
import { CHROMIUM, launch } from '../tests/e2e/support/browser';
import { printSection, type SectionResult } from './support/report';
import { openTarget } from './support/target';

const COLD_STARTS = 7;
const COMMITS = 30;
const MONDAY_1030 = (() => {
  const d = new Date();
  d.setDate(d.getDate() - ((d.getDay() + 6) % 7));
  d.setHours(10, 30, 0, 0);
  return d;
})();

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(q * xs.length) - 1)]!;
const ms = (n: number) => `${n.toFixed(0)} ms`;

/** The gzip size of every script and stylesheet the document loaded (workers listed apart). */
function gzipOf(urls: string[]): number {
  // DIST_DIR names another build directory (as the server honours it).
  const dist = resolve(process.env.DIST_DIR || 'dist');
  return urls.reduce((sum, u) => sum + gzipSync(readFileSync(join(dist, new URL(u).pathname))).length, 0);
}

/** Time from the tap on "confirm" to the result screen, whose commit happened just before. */
// A string, not a function: tsx would wrap named inner functions in a helper the page lacks.
const TAP_CONFIRM = `new Promise((done) => {
  const started = performance.now();
  const observer = new MutationObserver(() => {
    if (document.querySelector('[data-testid="kiosk-result"]')) { observer.disconnect(); done(performance.now() - started); }
  });
  observer.observe(document.body, { childList: true, subtree: true });
  document.querySelector('[data-testid="kiosk-next"]').click();
})`;

async function tapConfirm(page: Page): Promise<number> {
  return page.evaluate(TAP_CONFIRM) as Promise<number>;
}

export async function run(): Promise<SectionResult[]> {
  const target = await openTarget('pglite');
  const browser = await launch([], CHROMIUM);
  try {
    const context = await browser.newContext({
      baseURL: target.url,
      viewport: { width: 1280, height: 800 },
      serviceWorkers: 'allow',
    });
    const loaded: string[] = [];
    const workers: string[] = [];
    context.on('request', (r) => {
      const type = r.resourceType();
      const path = new URL(r.url()).pathname;
      if (!r.url().startsWith(target.url) || !/\.(js|css)$/.test(path)) return;
      // Worker scripts load as "script" too; they run off the main thread and are reported apart.
      (/\.worker-|\/sw\.js$|workbox-/.test(path) || (type !== 'script' && type !== 'stylesheet')
        ? workers
        : loaded
      ).push(r.url());
    });
    let page = await context.newPage();
    await registerKiosk(page, 'Bench kiosk', async () => undefined);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.locator('[data-testid="kiosk-online"][data-online="true"]').waitFor();

    // 1. What the kiosk route loads, measured on a fresh load of the registered kiosk.
    loaded.length = 0;
    workers.length = 0;
    await page.reload();
    await step(page, 'home');
    await page.locator('[data-testid="kiosk-journey"]').nth(1).waitFor();
    await page.waitForTimeout(500); // lets lazily requested chunks of the first screen show up
    const initial = gzipOf([...new Set(loaded)]);
    const shell = gzipOf(
      [...new Set(loaded)].filter((u) => /\/assets\/index-[^/]+\.(js|css)$/.test(new URL(u).pathname)),
    );
    if (process.env.BENCH_KIOSK_FILES) for (const u of new Set(loaded)) console.log(gzipOf([u]), new URL(u).pathname);
    const workerBytes = gzipOf([...new Set(workers)].filter((u) => /\.worker-/.test(u)));

    // BENCH_KIOSK_SIZE_ONLY=1 stops here (a quick check of the first-load size while working on it).
    if (process.env.BENCH_KIOSK_SIZE_ONLY) {
      const sizeOnly: SectionResult = {
        title: 'kiosk (Chromium, built PWA, PGlite): first-load size only',
        figures: [
          {
            label: 'kiosk route initial JS + CSS (gzip)',
            value: `${(initial / 1024).toFixed(1)} KB`,
            target: '≤ 170 KB',
            met: initial <= 170 * 1024,
            note: `${new Set(loaded).size} files`,
          },
          { label: 'of which the shared app shell (index-*.js/css)', value: `${(shell / 1024).toFixed(1)} KB` },
        ],
      };
      printSection(sizeOnly);
      return [sizeOnly];
    }

    // 2. Offline cold starts: a new page, served by the service worker, to the interactive home.
    await context.setOffline(true);
    const starts: number[] = [];
    for (let i = 0; i < COLD_STARTS; i++) {
      await page.close();
      page = await context.newPage();
      await page.goto('/kiosk-register');
      await page.locator('[data-testid="kiosk"][data-step="home"] [data-testid="kiosk-journey"]').nth(1).waitFor();
      starts.push(await page.evaluate(() => performance.now()));
    }

    // 3. Confirm → committed offline: staff signing in late (one reason) and out early (choose).
    // A Monday morning on the kiosk clock makes every staff sign-in late and every sign-out early.
    await context.clock.setFixedTime(MONDAY_1030);
    await page.reload();
    await step(page, 'home');
    const commits: number[] = [];
    const cardNumber = (await page.evaluate(`new Promise((ok) => {
      const open = indexedDB.open('gatehouse');
      open.onsuccess = () => {
        const req = open.result.transaction('personCards').objectStore('personCards').getAll();
        req.onsuccess = () => ok(req.result[0].rfid);
      };
    })`)) as string;
    for (let i = 0; i < COMMITS; i++) {
      await startJourney(page, 'Staff attendance');
      await page.getByTestId('kiosk-rfid').fill(cardNumber);
      await page.getByTestId('kiosk-rfid').press('Enter');
      await step(page, 'reason');
      commits.push(await tapConfirm(page));
      await done(page);
      await advanceClock(page);
      await page.getByTestId('kiosk-sign-out').click();
      await page.getByTestId('kiosk-rfid').fill(cardNumber);
      await page.getByTestId('kiosk-rfid').press('Enter');
      await step(page, 'reason');
      await page.getByTestId('kiosk-reason-option').first().click();
      commits.push(await tapConfirm(page));
      await done(page);
    }

    const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
    const result: SectionResult = {
      title: 'kiosk (Chromium, built PWA, PGlite)',
      figures: [
        {
          label: 'kiosk route initial JS + CSS (gzip)',
          value: kb(initial),
          target: '≤ 170 KB',
          met: initial <= 170 * 1024,
          note: `${new Set(loaded).size} files`,
        },
        { label: 'of which the shared app shell (index-*.js/css)', value: kb(shell), note: 'loaded by every route' },
        {
          label: 'kiosk workers (sync + rules, gzip)',
          value: kb(workerBytes),
          note: 'off the main thread, not counted above',
        },
        {
          label: `offline cold start → interactive home (median of ${COLD_STARTS})`,
          value: ms(quantile(starts, 0.5)),
          target: '≤ 1.5 s',
          met: quantile(starts, 0.5) <= 1500,
          note: `max ${ms(Math.max(...starts))}`,
        },
        {
          label: `tap confirm → result committed offline (p95 of ${commits.length})`,
          value: ms(quantile(commits, 0.95)),
          target: '≤ 100 ms',
          met: quantile(commits, 0.95) <= 100,
          note: `p50 ${ms(quantile(commits, 0.5))}`,
        },
      ],
    };
    printSection(result);
    return [result];
  } finally {
    await browser.close();
    await target.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  run().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
