// Every answer carries the security headers: the CSP the built app needs and
// no more, no framing, no sniffing, no referrer, and HSTS only when the request came over TLS.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eachDatabase } from '../test/databases';
import { seededApp } from '../test/harness';

function directivesOf(csp: string | undefined): Record<string, string[]> {
  return Object.fromEntries(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

eachDatabase((get) => {
  let app: FastifyInstance;
  let behindProxy: FastifyInstance;
  beforeAll(async () => {
    const staticDir = mkdtempSync(join(tmpdir(), 'gatehouse-headers-'));
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Gatehouse</title>');
    app = await seededApp(get().database, undefined, { staticDir });
    behindProxy = await seededApp(get().database, undefined, { trustedProxies: ['127.0.0.1'] });
  });
  afterAll(async () => {
    await app.close();
    await behindProxy.close();
  });

  it('the app shell, API answers and errors all carry the CSP and the other headers', async () => {
    for (const url of ['/', '/dashboard', '/api/health', '/api/users/photo/x', '/api/nothing-here']) {
      const res = await app.inject({ url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
      const csp = directivesOf(res.headers['content-security-policy'] as string);
      expect(csp['frame-ancestors'], url).toEqual(["'none'"]);
      expect(csp['default-src'], url).toEqual(["'self'"]);
    }
  });

  it('the CSP allows what the app uses and nothing from elsewhere', async () => {
    const csp = directivesOf((await app.inject({ url: '/' })).headers['content-security-policy'] as string);
    // Scripts only from this origin: no inline script, no eval, no other host.
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    // Module workers and the service worker; camera streams; QR codes and photos as data:/blob:.
    expect(csp['worker-src']).toEqual(["'self'", 'blob:']);
    expect(csp['media-src']).toEqual(expect.arrayContaining(['blob:', 'mediastream:']));
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    // Mantine's inline styles; socket.io and the API on the same origin only.
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    // A Standalone install over plain http must keep working.
    expect(csp['upgrade-insecure-requests']).toBeUndefined();
  });

  it('sends HSTS only when the request came over TLS (through a trusted proxy)', async () => {
    const tls = await behindProxy.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plain = await behindProxy.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // Without a trusted proxy a forged header is not believed.
    const forged = await app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });
});
