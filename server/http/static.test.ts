// The built PWA: files served, SPA fallback to index.html, no-cache on index.html and sw.js.
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompressDir } from '../../scripts/precompress';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { eachDatabase } from '../test/databases';
import { testClock } from '../test/harness';

const BIG_JS = Array.from({ length: 400 }, (_, i) => `export const value${i} = "gatehouse ${i}";`).join('\n');

eachDatabase((get) => {
  let app: FastifyInstance;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gh-dist-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><head><title>Gatehouse</title></head>');
    // As the build writes it (scripts/light-chunks.ts): the light pages' chunks.
    const preload = {
      core: { scripts: ['/assets/public-core-1.js'], styles: ['/assets/public-core-1.css'] },
      visit: { scripts: ['/assets/public-core-1.js', '/assets/public-visit-2.js'], styles: [] },
    };
    writeFileSync(join(dir, 'light-preload.json'), JSON.stringify(preload));
    writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("install", () => {});');
    writeFileSync(join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
    writeFileSync(join(dir, 'assets', 'big-def456.js'), BIG_JS);
    // As the build does (scripts/precompress.ts): .br and .gz beside each big text file.
    precompressDir(dir);
    app = await buildApp({ database: get().database, now: testClock().now, staticDir: dir });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('GET /api/health answers an anonymous caller without the database kind (server/health/health.test.ts has the rest)', async () => {
    const response = await app.inject({ url: '/api/health' });
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('serves index.html for / and for client routes, never cached', async () => {
    for (const url of ['/', '/sites', '/Reporting/history?x=1', '/visitor/pre-registration/abc']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<title>Gatehouse</title>');
    }
  });

  it("names the login's and a pre-registration link's chunks as preloads, and no other page's", async () => {
    const login = await app.inject({ url: '/login?next=%2Fusers' });
    expect(login.headers['cache-control']).toBe('no-cache');
    expect(login.body).toContain('<link rel="modulepreload" crossorigin href="/assets/public-core-1.js">');
    expect(login.body).toContain('<link rel="preload" as="style" crossorigin href="/assets/public-core-1.css">');
    expect(login.body).not.toContain('public-visit');
    const visit = await app.inject({ url: '/e/0192f0aa' });
    expect(visit.body).toContain('href="/assets/public-core-1.js"');
    expect(visit.body).toContain('<link rel="modulepreload" crossorigin href="/assets/public-visit-2.js">');
    for (const url of ['/', '/users', '/kiosk-register']) {
      expect((await app.inject({ url })).body, url).not.toContain('preload');
    }
  });

  it('serves sw.js uncached and hashed assets immutable', async () => {
    const sw = await app.inject({ url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const asset = await app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('sends built assets as brotli or gzip per Accept-Encoding, with Vary, cached like the file', async () => {
    const url = '/assets/big-def456.js';
    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_JS);

    const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_JS);

    const plain = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(BIG_JS);
  });

  it('keeps /api and /socket.io out of the fallback', async () => {
    expect((await app.inject({ url: '/api/nothing-here' })).json().code).toBe('not_found');
    expect((await app.inject({ url: '/socket.io/nothing' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/sites' })).statusCode).toBe(404);
  });
});
