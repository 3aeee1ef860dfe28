// Map tiles under the geofence preview: with MAP_TILE_URL pointing at a tile server
// (here a tiny one in this test), the preview asks it for the Web-Mercator tiles around the site
// and draws them under the circle, with the attribution; the CSP lets exactly that host's images
// in. When the tiles fail to load the plain drawing still shows. Screenshots desktop, en and ar.
import { createServer, type Server } from 'node:http';
import { deflateSync, crc32 } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launch, login, newContext, screenshot } from './support/browser';
import { freePort, startServer, type RunningServer } from './support/server';

/** A 256×256 PNG: pale green with a darker border, so the tile edges show in screenshots. */
function tilePng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(256, 0);
  header.writeUInt32BE(256, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc(256 * (1 + 256 * 3));
  for (let y = 0; y < 256; y++)
    for (let x = 0; x < 256; x++) {
      const edge = x < 3 || y < 3;
      rows.set(edge ? [70, 120, 70] : [200, 230, 190], y * (1 + 768) + 1 + x * 3);
    }
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

let server: RunningServer;
let browser: Browser;
let tileServer: Server;
let tileOrigin = '';
const requested: string[] = [];
let failing = false;

beforeAll(async () => {
  const png = tilePng();
  const port = await freePort();
  tileOrigin = `http://127.0.0.1:${port}`;
  tileServer = createServer((req, res) => {
    if (!/^\/\d+\/\d+\/\d+\.png$/.test(req.url ?? '')) return void res.writeHead(404).end();
    requested.push(req.url!);
    if (failing) return void res.writeHead(503).end();
    res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' }).end(png);
  });
  await new Promise<void>((resolve) => tileServer.listen(port, '127.0.0.1', resolve));
  server = await startServer({
    env: { MAP_TILE_URL: `${tileOrigin}/{z}/{x}/{y}.png`, MAP_TILE_ATTRIBUTION: '© Test Tiles contributors' },
  });
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((r) => tileServer?.close(r));
});

async function openPreview(lang: 'en' | 'ar'): Promise<Page> {
  const context = await newContext(browser, server.url, 'desktop');
  await context.addInitScript((l) => localStorage.setItem('language', l), lang);
  const page = await context.newPage();
  await login(page, 'admin@acme.test');
  await page.goto('/sites');
  await page.locator('[data-testid="sites-page"][data-loaded="true"]').waitFor();
  await page.locator('[data-testid="site-card"][data-site="Head Office"]').getByTestId('site-geofence').click();
  await page.getByTestId('geofence-modal').getByTestId('geofence-circle').waitFor();
  return page;
}

it('the CSP admits images from the configured tile host', async () => {
  const csp = (await fetch(`${server.url}/`)).headers.get('content-security-policy') ?? '';
  const imgSrc = csp.split(';').find((d) => d.trim().startsWith('img-src')) ?? '';
  expect(imgSrc.trim().split(/\s+/)).toContain(tileOrigin);
});

it('draws the tiles around the site under the circle, with the attribution, in English and Arabic', async () => {
  for (const lang of ['en', 'ar'] as const) {
    requested.length = 0;
    const page = await openPreview(lang);
    const modal = page.getByTestId('geofence-modal');
    await modal.getByTestId('geofence-tile').first().waitFor({ state: 'attached' });
    const hrefs = await modal.getByTestId('geofence-tile').evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href!.startsWith(`${tileOrigin}/`)).toBe(true);
    // The browser really asked the tile server for every tile drawn (the CSP let it).
    await expect.poll(() => hrefs.every((h) => requested.includes(new URL(h!).pathname))).toBe(true);
    // The tiles come before the circle in the SVG, so the circle is painted over them.
    const under = await modal.locator('svg').evaluate((svg) => {
      const tiles = svg.querySelector('[data-testid="geofence-tiles"]')!;
      const circle = svg.querySelector('[data-testid="geofence-circle"]')!;
      return Boolean(tiles.compareDocumentPosition(circle) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(under).toBe(true);
    expect(await modal.getByTestId('geofence-attribution').textContent()).toBe('© Test Tiles contributors');
    // Let the fetched tiles paint before the screenshot.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await screenshot(page, `geofence-tiles-desktop-${lang}`);
    await page.context().close();
  }
}, 240_000);

it('still shows the plain preview when the tiles fail to load', async () => {
  failing = true;
  requested.length = 0;
  const page = await openPreview('en');
  const modal = page.getByTestId('geofence-modal');
  await expect.poll(() => requested.length).toBeGreaterThan(0);
  await expect(modal.getByTestId('geofence-circle').isVisible()).resolves.toBe(true);
  await expect(modal.getByTestId('geofence-scale').isVisible()).resolves.toBe(true);
  await screenshot(page, 'geofence-tiles-failed-desktop-en');
  await page.context().close();
  failing = false;
}, 120_000);
