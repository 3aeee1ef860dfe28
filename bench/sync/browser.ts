// Chromium (Dexie) sections of the sync benchmark: the local commit of one sign-in (event +
// outbox in one Dexie transaction, p50/p95, against a bare put of the same row) and the
// catch-up pull into IndexedDB. A bench page (bench/browser/) built with Vite from the app's
// own sync code runs in Debian's Chromium; /api is proxied to the target server.
import { CHROMIUM_ARGS } from '../../tests/e2e/support/browser';
import { createServer, request, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { build } from 'vite';
import { chromium } from 'playwright-core';
import { count, seconds, type SectionResult } from '../support/report';
import type { BenchTarget } from '../support/target';
import { kioskLogin, mb, unscopedApp } from './first-sync';
import { createCompany } from './pull';
import { adminFirstSync, kioskFirstSync, servesPwa, type PwaRun } from './pwa-first-sync';
import type { SyncSection } from './sections';

const COMMITS = 300;
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
};

async function buildBenchPage(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-page-'));
  await build({
    configFile: false,
    root: resolve('bench/browser'),
    logLevel: 'error',
    build: { outDir, emptyOutDir: true },
  });
  return outDir;
}

/** Serves the built page and forwards /api to the target, so the page and the API share an origin. */
async function serve(dir: string, api: string): Promise<{ url: string; server: Server }> {
  const server = createServer(async (req, res) => {
    const url = req.url ?? '/';
    if (url.startsWith('/api/')) {
      const body = await new Promise<Buffer>((ok) => {
        const parts: Buffer[] = [];
        req.on('data', (p) => parts.push(p));
        req.on('end', () => ok(Buffer.concat(parts)));
      });
      const headers: Record<string, string> = {};
      for (const name of ['authorization', 'content-type', 'accept-encoding'])
        if (req.headers[name]) headers[name] = String(req.headers[name]);
      // The answer passes through as the server compressed it (Node's http.request does not
      // decode), so the page receives, and counts, the bytes the real server sends.
      const upstream = await new Promise<import('node:http').IncomingMessage>((ok, fail) => {
        const out = request(api + url, { method: req.method, headers }, ok);
        out.on('error', fail);
        out.end(body.length ? body : undefined);
      });
      const passed: Record<string, string> = {};
      for (const name of ['content-type', 'content-encoding', 'vary'])
        if (upstream.headers[name]) passed[name] = String(upstream.headers[name]);
      res.writeHead(upstream.statusCode ?? 502, passed);
      upstream.pipe(res);
      return;
    }
    const path = join(dir, url === '/' ? 'index.html' : url.split('?')[0]!);
    let file: Buffer;
    try {
      file = readFileSync(path);
    } catch {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' });
    res.end(file);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, server };
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const ms = (x: number) => `${x.toFixed(2)} ms`;

async function withPage<T>(target: BenchTarget, fn: (page: import('playwright-core').Page) => Promise<T>): Promise<T> {
  const dir = await buildBenchPage();
  const { url, server } = await serve(dir, target.url);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage();
    await page.goto(url);
    await page.waitForFunction(() => document.title === 'ready');
    return await fn(page);
  } finally {
    await browser.close();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const commitSection: SyncSection = {
  name: 'browser-commit',
  databases: 'pglite',
  async run(target): Promise<SectionResult> {
    const r = await withPage(target, (page) =>
      page.evaluate(
        (n) =>
          (
            window as unknown as { bench: { commit(n: number): Promise<{ commit: number[]; bare: number[] }> } }
          ).bench.commit(n),
        COMMITS,
      ),
    );
    const [p50, p95, b50, b95] = [pct(r.commit, 50), pct(r.commit, 95), pct(r.bare, 50), pct(r.bare, 95)];
    return {
      title: 'local commit of one sign-in in Chromium (Dexie: event + outbox, one transaction)',
      figures: [
        { label: 'commit p50', value: ms(p50) },
        { label: 'commit p95', value: ms(p95), target: '≤ 20 ms', met: p95 <= 20 },
        { label: 'bare put p50 / p95', value: `${ms(b50)} / ${ms(b95)}` },
        {
          label: 'ratio commit / bare put (p50)',
          value: `${(p50 / b50).toFixed(2)}×`,
          target: '≤ 2×',
          met: p50 / b50 <= 2,
        },
        { label: 'ratio commit / bare put (p95)', value: `${(p95 / b95).toFixed(2)}×` },
      ],
      notes: [`${COMMITS} sign-ins after 20 warm-up ones, each followed by a bare put of a comparable row.`],
    };
  },
};

type PullResult = {
  ms: number;
  people: number;
  events: number;
  storageBytes: number | null;
  /** Bytes of the pull answers as sent over the wire (compressed), from Resource Timing. */
  pullBytes: number;
  error?: string;
};

/** One new device's first sync in a fresh Chromium profile, against the server at `url`. */
const pullInChromium = (target: BenchTarget, url: string, who: { token: string; userId: string }) =>
  withPage({ ...target, url }, (page) =>
    page.evaluate(
      ([token, userId]) =>
        (window as unknown as { bench: { pull(t: string, u: string): Promise<PullResult> } }).bench.pull(
          token!,
          userId!,
        ),
      [who.token, who.userId],
    ),
  );

const pullSection: SyncSection = {
  name: 'browser-pull',
  databases: 'pglite',
  async run(target): Promise<SectionResult> {
    const company = await createCompany(target.database.db);
    const admin = await target.login(company.adminEmail);
    const kiosk = await kioskLogin(target.url, admin.token, company.areaId);
    const unscoped = await unscopedApp(target);
    const runs: Array<{ who: string; r: PullResult }> = [];
    try {
      runs.push({ who: 'admin tablet, before (unscoped)', r: await pullInChromium(target, unscoped.url, admin) });
      runs.push({ who: 'admin tablet, scoped', r: await pullInChromium(target, target.url, admin) });
      runs.push({ who: 'kiosk, before (unscoped)', r: await pullInChromium(target, unscoped.url, kiosk) });
      runs.push({ who: 'kiosk, scoped', r: await pullInChromium(target, target.url, kiosk) });
    } finally {
      await unscoped.app.close();
    }
    // The same company in the built PWA (sync worker, service worker, screens), when it is served.
    const pwa: Array<{ who: string; r: PwaRun }> = [];
    if (await servesPwa(target.url)) {
      pwa.push({ who: 'admin tablet, the PWA', r: await adminFirstSync(target.url, company.adminEmail) });
      pwa.push({
        who: 'kiosk, the PWA',
        r: await kioskFirstSync(target.url, company.adminEmail, 'Bench Site · Bench Gate'),
      });
    }
    return {
      title: 'first sync of a new device in Chromium (Dexie) — pglite',
      figures: runs
        .flatMap(({ who, r }) => [
          {
            label: `${who}: seconds to ready`,
            value: seconds(r.ms),
            target: '≤ 5 s',
            met: r.ms <= 5_000 && !r.error,
            note: r.error ?? undefined,
          },
          { label: '    people / visit events in IndexedDB', value: `${count(r.people)} / ${count(r.events)}` },
          { label: '    pull answers over the wire (compressed)', value: mb(r.pullBytes) },
          {
            label: '    navigator.storage.estimate() usage',
            value: r.storageBytes === null ? 'n/a' : mb(r.storageBytes),
          },
        ])
        .concat(pwa.flatMap(({ who, r }) => pwaFigures(who, r))),
      notes: [
        `${count(company.personIds.length)} people; each run in a fresh browser profile.`,
        pwa.length
          ? 'The PWA: a fresh on-disk profile; from the sign-in’s (enrolment’s) answer to the badge leaving “not synced yet”; bytes from CDP encodedDataLength; storage includes the service worker’s precache.'
          : 'The PWA was not measured: build it first (DIST_DIR=… npx vite build --outDir …).',
      ],
    };
  },
};

export const browserSections: SyncSection[] = [commitSection, pullSection];

function pwaFigures(who: string, r: PwaRun) {
  return [
    {
      label: `${who}: seconds to ready`,
      value: r.error ? 'n/a' : seconds(r.ms),
      target: '≤ 5 s',
      met: r.ms <= 5_000 && !r.error,
      note: r.error ?? `${count(r.pulls)} pulls`,
    },
    { label: '    people / visit events in IndexedDB', value: `${count(r.people)} / ${count(r.events)}` },
    { label: '    pull answers over the wire (CDP, compressed)', value: mb(r.pullBytes) },
    {
      label: '    navigator.storage.estimate() usage / IndexedDB',
      value: `${r.storageBytes === null ? 'n/a' : mb(r.storageBytes)} / ${r.indexedDbBytes === null ? 'n/a' : mb(r.indexedDbBytes)}`,
    },
  ];
}
