// The built PWA: files served, SPA fallback to index.html, no-cache on index.html and sw.js.
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { eachDatabase } from '../test/databases';
import { testClock } from '../test/harness';

eachDatabase((get) => {
  let app: FastifyInstance;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gh-dist-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Gatehouse</title>');
    writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("install", () => {});');
    writeFileSync(join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
    app = await buildApp({ database: get().database, now: testClock().now, staticDir: dir });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('GET /api/health reports the database kind and migration', async () => {
    const response = await app.inject({ url: '/api/health' });
    expect(response.json()).toEqual({ status: 'ok', database: get().kind, migration: '0000_init' });
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

  it('serves sw.js uncached and hashed assets immutable', async () => {
    const sw = await app.inject({ url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const asset = await app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('keeps /api and /socket.io out of the fallback', async () => {
    expect((await app.inject({ url: '/api/nothing-here' })).json().code).toBe('not_found');
    expect((await app.inject({ url: '/socket.io/nothing' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/sites' })).statusCode).toBe(404);
  });
});
