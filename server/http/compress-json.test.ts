// API answers travel compressed when they are big enough to gain from it, as the client accepts.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, tokenFor } from '../test/harness';
import { pickEncoding } from './compress-json';

describe('choosing an encoding from Accept-Encoding', () => {
  it('prefers brotli, falls back to gzip, honours q=0 and *', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });
});

eachDatabase((get) => {
  let app: FastifyInstance;
  let token: string;
  const PULL = '/api/sync/pull?deviceId=0193f3a0-0000-7000-8000-000000000009&limit=5000';
  beforeAll(async () => {
    app = await seededApp(get().database);
    token = await tokenFor(app, 'admin@acme.test');
  });
  afterAll(async () => app.close());

  it('sends a big JSON answer as brotli or gzip per Accept-Encoding, with Vary, and the same data', async () => {
    const plain = await app.inject({ url: PULL, headers: { ...bearer(token), 'accept-encoding': 'identity' } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await app.inject({ url: PULL, headers: { ...bearer(token), 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await app.inject({ url: PULL, headers: { ...bearer(token), 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves a small JSON answer as it is', async () => {
    const small = await app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });
});
