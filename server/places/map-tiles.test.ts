// GET /api/map-tiles: a signed-in user learns the configured tile server, or null.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, tokenFor } from '../test/harness';

eachDatabase((get) => {
  let app: FastifyInstance;
  let token: string;
  const saved = { url: process.env.MAP_TILE_URL, attribution: process.env.MAP_TILE_ATTRIBUTION };
  beforeAll(async () => {
    app = await seededApp(get().database);
    token = await tokenFor(app, 'employee@acme.test');
  });
  afterAll(async () => {
    process.env.MAP_TILE_URL = saved.url ?? '';
    process.env.MAP_TILE_ATTRIBUTION = saved.attribution ?? '';
    await app.close();
  });
  const ask = () => app.inject({ url: '/api/map-tiles', headers: bearer(token) });

  it('answers null with no tile server, and the template and attribution with one', async () => {
    process.env.MAP_TILE_URL = '';
    expect((await ask()).json()).toEqual({ data: null });
    process.env.MAP_TILE_URL = 'https://tiles.example.org/{z}/{x}/{y}.png';
    process.env.MAP_TILE_ATTRIBUTION = '© Example';
    const res = await ask();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { url: 'https://tiles.example.org/{z}/{x}/{y}.png', attribution: '© Example' },
    });
    expect((await app.inject({ url: '/api/map-tiles' })).statusCode).toBe(401);
  });
});
