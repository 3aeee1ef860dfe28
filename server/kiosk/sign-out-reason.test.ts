// kiosk.signOut names its reason by id; a reason of another company is not a reason here. The
// entry is rejected alone (not_found) and nothing is written; the company's own reasons still
// sign out.
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, expect, it } from 'vitest';
import type { PushResponse } from '../../sync/protocol';
import { entities } from '../db/schema/entities';
import { attendanceModes } from '../db/schema/kiosk-config';
import { users } from '../db/schema/people';
import { areas } from '../db/schema/places';
import { visitEvents } from '../db/schema/visits';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, tokenFor } from '../test/harness';

eachDatabase((get) => {
  let app: FastifyInstance;
  let kioskToken: string;
  let kioskId: string;
  let area: string;
  let personId: string;
  let ownReason: string;
  let lateReason: string;
  let foreignReason: string;
  const deviceId = uuidv7();
  let seq = 0;

  beforeAll(async () => {
    app = await seededApp(get().database);
    const db = get().database.db;
    const [acme] = await db.select().from(entities).where(eq(entities.subdomain, 'acme'));
    const [globex] = await db.select().from(entities).where(eq(entities.subdomain, 'globex'));
    area = (await db.select().from(areas).where(eq(areas.entityId, acme!.id)))[0]!.id;
    personId = (await db.select().from(users).where(eq(users.email, 'employee@acme.test')))[0]!.id;
    const [mode] = await db.select().from(attendanceModes).where(eq(attendanceModes.entityId, acme!.id));
    ownReason = mode!.reasons.find((r) => r.type === 'early_sign_out')!.id;
    lateReason = mode!.reasons.find((r) => r.type === 'late_sign_in')!.id;
    const [theirs] = await db.select().from(attendanceModes).where(eq(attendanceModes.entityId, globex!.id));
    foreignReason = theirs!.reasons.find((r) => r.type === 'early_sign_out')!.id;
    const admin = await tokenFor(app, 'admin@acme.test');
    const res = await app.inject({
      method: 'POST',
      url: '/api/kiosk',
      headers: bearer(admin),
      payload: { kiosk_name: 'Reason desk', area_id: area },
    });
    kioskToken = res.json().data.access_token;
    kioskId = res.json().data.kiosk.id;
  });

  const signOut = async (reasonId: string) => {
    const eventId = uuidv7();
    const res = await app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: bearer(kioskToken),
      payload: {
        deviceId,
        mutations: [
          {
            seq: ++seq,
            mutationId: uuidv7(),
            name: 'kiosk.signOut',
            args: { eventId, personId, kioskId, areaId: area, reason: { reasonId }, at: Date.now() },
            clientTime: Date.now(),
            clockOffsetMs: 0,
          },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const stored = await get()
      .database.db.select({ n: sql<number>`count(*)::int` })
      .from(visitEvents)
      .where(and(eq(visitEvents.id, eventId)));
    const [row] = await get().database.db.select().from(visitEvents).where(eq(visitEvents.id, eventId));
    return { result: (res.json() as PushResponse).results[0]!, stored: Number(stored[0]!.n), details: row?.details };
  };

  it("refuses another company's reason and writes nothing", async () => {
    const { result, stored } = await signOut(foreignReason);
    expect(result).toMatchObject({ status: 'rejected', code: 'not_found' });
    expect(stored).toBe(0);
  });

  it("signs out with the company's own reason", async () => {
    expect(await signOut(ownReason)).toMatchObject({ result: { status: 'applied' }, stored: 1 });
  });

  it('signs out with a reason of the company that a sign-out does not offer, without keeping it', async () => {
    const out = await signOut(lateReason);
    expect(out).toMatchObject({ result: { status: 'applied' }, stored: 1 });
    expect(out.details).not.toMatchObject({ reasonId: lateReason });
  });
});
