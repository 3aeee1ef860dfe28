// Pairing a kiosk by QR code against real databases: the admin's one-time code, the device's
// single use of it, and the refusals that write nothing.
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, expect, it } from 'vitest';
import { PAIRING_TTL_MS, readPairingQr } from '../../domain/kiosk-pairing';
import { entities } from '../db/schema/entities';
import { kioskPairingCodes } from '../db/schema/kiosk-pairing';
import { kiosks } from '../db/schema/kiosk';
import { areas } from '../db/schema/places';
import { eachDatabase } from '../test/databases';
import { bearer, freshAddress, seededApp, testClock, tokenFor, type Clock } from '../test/harness';

eachDatabase((get) => {
  let app: FastifyInstance;
  let clock: Clock;
  let admin: string;
  let reporter: string;
  let area: string;
  let globexArea: string;

  beforeAll(async () => {
    clock = testClock();
    app = await seededApp(get().database, clock);
    admin = await tokenFor(app, 'admin@acme.test');
    reporter = await tokenFor(app, 'reporter@acme.test');
    const db = get().database.db;
    const [a] = await db.select().from(entities).where(eq(entities.subdomain, 'acme'));
    const [g] = await db.select().from(entities).where(eq(entities.subdomain, 'globex'));
    area = (
      await db
        .select()
        .from(areas)
        .where(and(eq(areas.entityId, a!.id), eq(areas.name, 'Reception')))
    )[0]!.id;
    globexArea = (await db.select().from(areas).where(eq(areas.entityId, g!.id)))[0]!.id;
  });

  const count = async (table: typeof kiosks | typeof kioskPairingCodes) =>
    Number(
      (
        await get()
          .database.db.select({ n: sql<number>`count(*)::int` })
          .from(table)
      )[0]!.n,
    );
  const create = (token: string, payload: object) =>
    app.inject({ method: 'POST', url: '/api/kiosk/pairing', headers: bearer(token), payload });
  const pair = (code: string) =>
    app.inject({
      method: 'POST',
      url: '/api/kiosk/pair',
      payload: { code, version: '1.2.3' },
      remoteAddress: freshAddress(),
    });
  async function newCode(name: string): Promise<string> {
    const res = await create(admin, { kiosk_name: name, area_id: area });
    expect(res.statusCode).toBe(201);
    return readPairingQr((res.json() as { data: { qr: string } }).data.qr)!;
  }

  it('makes a one-time code for an area, shown as a pairing QR with its expiry, storing only its hash', async () => {
    const res = await create(admin, { kiosk_name: 'Lobby tablet', area_id: area });
    expect(res.statusCode).toBe(201);
    const data = (res.json() as { data: { qr: string; expires_at: number; area_name: string } }).data;
    expect(data.qr.startsWith('GHPAIR:')).toBe(true);
    expect(data).toMatchObject({ expires_at: clock.now() + PAIRING_TTL_MS, area_name: 'Reception' });
    const code = readPairingQr(data.qr)!;
    expect(Buffer.from(code, 'base64url').length).toBeGreaterThanOrEqual(16);
    const rows = await get().database.db.select().from(kioskPairingCodes);
    expect(rows.some((r) => r.codeHash.includes(code))).toBe(false);
  });

  it("refuses someone without the kiosk permission, and another company's area with 404", async () => {
    const before = await count(kioskPairingCodes);
    expect((await create(reporter, { kiosk_name: 'Nope', area_id: area })).statusCode).toBe(403);
    const foreign = await create(admin, { kiosk_name: 'Nope', area_id: globexArea });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'not_found' });
    expect(await count(kioskPairingCodes)).toBe(before);
  });

  it('pairs a device once, as a kiosk of the chosen area with its own device token', async () => {
    const code = await newCode('Paired desk');
    const res = await pair(code);
    expect(res.statusCode).toBe(201);
    const body = res.json() as {
      data: {
        access_token: string;
        kiosk: { id: string; kiosk_name: string; area_name: string; version: string };
        entity: { name: string };
      };
    };
    expect(body.data.kiosk).toMatchObject({ kiosk_name: 'Paired desk', area_name: 'Reception', version: '1.2.3' });
    // The device token works for the kiosk's sync and not for the dashboard.
    const pull = await app.inject({
      method: 'GET',
      url: `/api/sync/pull?deviceId=${uuidv7()}`,
      headers: bearer(body.data.access_token),
    });
    expect(pull.statusCode).toBeLessThan(400);
    const acme = (await get().database.db.select().from(entities).where(eq(entities.subdomain, 'acme')))[0]!.id;
    expect(
      (await app.inject({ method: 'GET', url: `/api/kiosk/${acme}`, headers: bearer(body.data.access_token) }))
        .statusCode,
    ).toBe(403);
    const listed = await app.inject({ method: 'GET', url: `/api/kiosk/${acme}`, headers: bearer(admin) });
    expect((listed.json() as { data: Array<{ kiosk_name: string }> }).data.map((k) => k.kiosk_name)).toContain(
      'Paired desk',
    );

    const kiosksBefore = await count(kiosks);
    const again = await pair(code);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'link_used' });
    expect(await count(kiosks)).toBe(kiosksBefore);
  });

  it('refuses an expired code with 409 and an unknown one with 404, writing nothing', async () => {
    const code = await newCode('Late desk');
    clock.advance(PAIRING_TTL_MS);
    const before = await count(kiosks);
    const expired = await pair(code);
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toMatchObject({ code: 'link_expired' });
    const unknown = await pair('A'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'not_found' });
    expect(await count(kiosks)).toBe(before);
    const [row] = await get()
      .database.db.select()
      .from(kioskPairingCodes)
      .where(eq(kioskPairingCodes.kioskName, 'Late desk'));
    expect(row!.usedAt).toBeNull();
  });
});
