// `npm run bench:lighthouse`: Lighthouse 12.8 (mobile, its default simulated throttling) on the
// login page, a registered kiosk and the public pre-registration page, against the built PWA
// (run `npx vite build` first; DIST_DIR names another build) served by the real app on PGlite.
// Targets: performance ≥ 90 and accessibility 100 on each page; JavaScript
// transferred for the kiosk's first load ≤ 200 KB.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { and, eq } from 'drizzle-orm';
import { entities } from '../server/db/schema/entities';
import { journeyFlows } from '../server/db/schema/journeys';
import { registerKiosk } from '../tests/e2e/kiosk/kiosk-steps';
import { CHROMIUM, CHROMIUM_ARGS } from '../tests/e2e/support/browser';
import { printSection, type Figure, type SectionResult } from './support/report';
import { openTarget } from './support/target';

const HEADLESS_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];
const KIOSK_JS_TARGET = 200 * 1024;

interface Audit {
  score?: number | null;
  scoreDisplayMode?: string;
  numericValue?: number;
  details?: { items?: Array<{ resourceType?: string; transferSize?: number }> };
}
interface Lhr {
  categories: Record<string, { score: number | null; auditRefs?: Array<{ id: string; weight: number }> }>;
  audits: Record<string, Audit>;
  runtimeError?: { message: string };
}

/** Runs the Lighthouse CLI once; `profile` keeps a browser profile (and its storage) for the run. */
async function lighthouse(url: string, profile?: string): Promise<Lhr> {
  const cli = createRequire(import.meta.url).resolve('lighthouse/cli/index.js');
  const flags = [...HEADLESS_FLAGS, ...(profile ? [`--user-data-dir=${profile}`] : [])];
  const args = [
    cli,
    url,
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    `--chrome-path=${CHROMIUM}`,
    `--chrome-flags=${flags.join(' ')}`,
    '--only-categories=performance,accessibility',
    '--form-factor=mobile',
    // The kiosk's registration lives in the profile's storage: keep it (its caches are emptied first).
    ...(profile ? ['--disable-storage-reset'] : []),
  ];
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) => {
      try {
        const lhr = JSON.parse(out) as Lhr;
        if (lhr.runtimeError) reject(new Error(`lighthouse ${url}: ${lhr.runtimeError.message}`));
        else resolve(lhr);
      } catch {
        reject(new Error(`lighthouse ${url} exited ${code}: ${err.slice(-2000)}`));
      }
    });
  });
}

/** A profile with a kiosk registered in it, its service worker, caches and HTTP cache emptied,
 * so Lighthouse measures a registered kiosk's first load from the network. */
async function registeredKioskProfile(baseURL: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-lh-kiosk-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    args: HEADLESS_FLAGS.slice(1),
    baseURL,
    viewport: { width: 412, height: 823 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await registerKiosk(page, 'Lighthouse kiosk', async () => undefined);
    await page.evaluate(`(async () => {
      for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister();
      for (const k of await caches.keys()) await caches.delete(k);
    })()`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
  } finally {
    await context.close();
  }
  return dir;
}

const score = (lhr: Lhr, key: string) => Math.round((lhr.categories[key]?.score ?? 0) * 100);
const scriptBytes = (lhr: Lhr) =>
  (lhr.audits['network-requests']?.details?.items ?? [])
    .filter((i) => i.resourceType === 'Script')
    .reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
/** The accessibility audits that failed, by id, for the notes under the table. */
const failedA11y = (page: string, lhr: Lhr) => {
  const ids = (lhr.categories.accessibility?.auditRefs ?? [])
    .filter((r) => r.weight > 0 && lhr.audits[r.id]?.score === 0)
    .map((r) => r.id);
  return ids.length ? [`${page}: accessibility audits failed: ${ids.join(', ')}`] : [];
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

function figuresOf(page: string, lhr: Lhr, jsTarget?: number): Figure[] {
  const perf = score(lhr, 'performance');
  const a11y = score(lhr, 'accessibility');
  const lcp = lhr.audits['largest-contentful-paint']?.numericValue ?? 0;
  const js = scriptBytes(lhr);
  return [
    { label: `${page}: performance`, value: String(perf), target: '≥ 90', met: perf >= 90 },
    { label: `${page}: accessibility`, value: String(a11y), target: '100', met: a11y === 100 },
    { label: `${page}: LCP`, value: `${(lcp / 1000).toFixed(1)} s` },
    {
      label: `${page}: FCP / TBT`,
      value: `${((lhr.audits['first-contentful-paint']?.numericValue ?? 0) / 1000).toFixed(1)} s / ${(lhr.audits['total-blocking-time']?.numericValue ?? 0).toFixed(0)} ms`,
    },
    jsTarget === undefined
      ? { label: `${page}: JS transferred`, value: kb(js) }
      : {
          label: `${page}: JS transferred (first load)`,
          value: kb(js),
          target: `≤ ${kb(jsTarget)}`,
          met: js <= jsTarget,
        },
  ];
}

export async function run(): Promise<SectionResult[]> {
  const target = await openTarget('pglite');
  const cleanups: Array<() => void> = [];
  try {
    const [flow] = await target.database.db
      .select({ id: journeyFlows.id })
      .from(journeyFlows)
      .innerJoin(entities, eq(entities.id, journeyFlows.entityId))
      .where(and(eq(entities.subdomain, 'acme'), eq(journeyFlows.name, 'Visitor arrival')))
      .limit(1);
    const flowId = flow?.id;
    if (!flowId) throw new Error('the demo visitor flow is missing');
    const kioskProfile = await registeredKioskProfile(target.url);
    cleanups.push(() => rmSync(kioskProfile, { recursive: true, force: true }));

    const figures: Figure[] = [];
    const notes = ['JS transferred: the compressed bytes of every script the page loaded, workers included.'];
    const pages: Array<[string, string, string | undefined, number | undefined]> = [
      ['login', `${target.url}/login`, undefined, undefined],
      ['kiosk', `${target.url}/kiosk-register`, kioskProfile, KIOSK_JS_TARGET],
      ['pre-registration', `${target.url}/pre-registration/${flowId}?add_visitor=true`, undefined, undefined],
    ];
    // LH_PAGES=login,kiosk picks pages; LH_REPORT_DIR keeps each page's full report (its opportunities).
    const only = process.env.LH_PAGES?.split(',');
    for (const [page, url, profile, jsTarget] of pages) {
      if (only && !only.includes(page)) continue;
      const lhr = await lighthouse(url, profile);
      if (process.env.LH_REPORT_DIR)
        writeFileSync(join(process.env.LH_REPORT_DIR, `${page}.json`), JSON.stringify(lhr));
      figures.push(...figuresOf(page, lhr, jsTarget));
      notes.push(...failedA11y(page, lhr));
    }
    const section: SectionResult = {
      title: 'Lighthouse 12.8, mobile (simulated throttling), built PWA served compressed',
      figures,
      notes,
    };
    printSection(section);
    return [section];
  } finally {
    for (const c of cleanups) c();
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
