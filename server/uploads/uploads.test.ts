// Uploads are judged by decoding them, on every path that stores an image:
// a profile photo (base64 JSON), a pre-registration photo (multipart) and a kiosk camera photo
// (sync push). A header claiming 60,000 × 60,000 pixels, a polyglot, a header followed by
// garbage and a truncated file are refused with the spec's image message and nothing is
// stored; a real photo is stored re-encoded, without its metadata or anything appended.
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { v7 as uuidv7 } from 'uuid';
import type { PushResponse } from '../../sync/protocol';
import { expectedVisits, userPhotos, users } from '../db/schema/index';
import { areas } from '../db/schema/places';
import { eachDatabase } from '../test/databases';
import { bearer, freshAddress, seededApp, testClock, tokenFor } from '../test/harness';
import { makePng } from '../test/png';
import { demoFlow, multipart, visitFields } from '../preregistration/test-support';
import en from '../../locales/en.json' with { type: 'json' };

const clock = testClock();
const PAYLOAD = '<html><script>alert(document.cookie)</script></html>';

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'ascii'), data])));
  return Buffer.concat([len, Buffer.from(type, 'ascii'), data, crc]);
}
/** A well-formed PNG header (valid CRCs) with no pixel data at all. */
function headerOnlyPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([makePng(1, 1).subarray(0, 8), pngChunk('IHDR', ihdr), pngChunk('IEND', Buffer.alloc(0))]);
}

const real = makePng(400, 500);
const BAD: Array<[string, Buffer, 'dimensions' | 'type']> = [
  ['a header-only PNG claiming 60,000 × 60,000', headerOnlyPng(60_000, 60_000), 'dimensions'],
  ['a header-only PNG of an allowed size', headerOnlyPng(400, 500), 'type'],
  ['a polyglot: a valid PNG with HTML/JS appended', Buffer.concat([real, Buffer.from(PAYLOAD)]), 'type'],
  [
    'a PNG header followed by garbage',
    Buffer.concat([
      headerOnlyPng(400, 500).subarray(0, 33),
      Buffer.alloc(4000, 0x41),
      headerOnlyPng(1, 1).subarray(33),
    ]),
    'type',
  ],
  ['a truncated PNG', real.subarray(0, Math.floor(real.length * 0.6)), 'type'],
];

/** A real JPEG photo carrying EXIF metadata and an HTML payload after its end marker. */
async function cameraJpeg(): Promise<Buffer> {
  const jpeg = await sharp(real)
    .jpeg()
    .withExif({ IFD0: { Copyright: 'secret-exif-marker' } })
    .toBuffer();
  return Buffer.concat([jpeg, Buffer.from(PAYLOAD)]);
}
async function expectCleanReencoding(stored: Buffer, uploaded: Buffer, format: 'png' | 'jpeg') {
  expect(stored.equals(uploaded)).toBe(false);
  expect(stored.includes('secret-exif-marker')).toBe(false);
  expect(stored.includes('<script>')).toBe(false);
  const meta = await sharp(stored).metadata();
  expect(meta).toMatchObject({ format, width: 400, height: 500 });
  expect(meta.exif).toBeUndefined();
}

eachDatabase((get) => {
  let app: FastifyInstance;
  let admin: string;
  let facts: Awaited<ReturnType<typeof demoFlow>>;
  let visitorType: string;
  beforeAll(async () => {
    app = await seededApp(get().database, clock);
    admin = await tokenFor(app, 'admin@acme.test');
    facts = await demoFlow(get().database);
    visitorType = facts.type('Visitor').id;
  });
  afterAll(async () => {
    await app.close();
  });
  const db = () => get().database.db;
  const dataUrl = (bytes: Buffer, mime = 'image/png') => `data:${mime};base64,${bytes.toString('base64')}`;

  describe('profile photos (POST /api/users)', () => {
    let n = 0;
    const create = (image: string) =>
      app.inject({
        method: 'POST',
        url: '/api/users',
        headers: bearer(admin),
        payload: {
          full_name: `Uma Upload ${++n}`,
          email: `uma.${n}@acme.test`,
          phone: `0711${n}`,
          user_type_id: visitorType,
          image,
        },
      });
    const stored = async () => ({
      people: (await db().select({ n: count() }).from(users))[0]!.n,
      photos: (await db().select({ n: count() }).from(userPhotos))[0]!.n,
    });

    it.each(BAD)('refuses %s with the image message and stores nothing', async (_name, bytes, kind) => {
      const before = await stored();
      const res = await create(dataUrl(bytes));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed', message: en.errors.validation_failed });
      expect(res.json().errors.image).toEqual([
        kind === 'dimensions' ? en.validation.image_too_wide : en.validation.image_type,
      ]);
      expect(await stored()).toEqual(before);
    });

    it('stores a real photo re-encoded, served with the type it was decoded as and nosniff', async () => {
      const uploaded = await cameraJpeg();
      const res = await create(dataUrl(uploaded, 'image/png'));
      expect(res.statusCode, res.body).toBe(201);
      const photo = await app.inject({ url: res.json().data.image, headers: bearer(admin) });
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toBe('image/jpeg');
      expect(photo.headers['x-content-type-options']).toBe('nosniff');
      await expectCleanReencoding(photo.rawPayload, uploaded, 'jpeg');
    });
  });

  describe('pre-registration photos (POST /api/create-expected-visit, multipart)', () => {
    const create = (bytes: Buffer, name = 'me.png') => {
      const when = visitFields(clock.now());
      const body = multipart(
        {
          journey_id: facts.flow.id,
          user_type_id: visitorType,
          visit_date: when.visit_date,
          visit_time: when.visit_time,
          tz_offset: '0',
          first_name: 'Vera',
          last_name: 'Visitor',
          email: `vera.${uuidv7().slice(-8)}@example.com`,
          phone: String(Math.floor(Math.random() * 1e9)),
          company_name: 'Initech',
          custom_fields: '[]',
        },
        { name, type: 'image/png', bytes },
      );
      return app.inject({
        method: 'POST',
        url: '/api/create-expected-visit/en',
        ...body,
        remoteAddress: freshAddress(),
      });
    };
    const visits = async () => (await db().select({ n: count() }).from(expectedVisits))[0]!.n;

    it.each(BAD)('refuses %s with the photo message and makes no visit', async (_name, bytes, kind) => {
      const before = await visits();
      const res = await create(bytes);
      expect(res.statusCode).toBe(400);
      const code = kind === 'dimensions' ? 'photo_dimensions' : 'photo_type';
      expect(res.json()).toMatchObject({ code, message: en.errors[code], errors: { image: [en.errors[code]] } });
      expect(await visits()).toBe(before);
    });

    it('keeps a real photo re-encoded', async () => {
      const uploaded = await cameraJpeg();
      const res = await create(uploaded, 'me.html');
      expect(res.statusCode, res.body).toBe(201);
      const [visit] = await db().select().from(expectedVisits).where(eq(expectedVisits.id, res.json().data.visit_id));
      expect(visit!.photoType).toBe('jpg');
      await expectCleanReencoding(Buffer.from(visit!.photoBase64!, 'base64'), uploaded, 'jpeg');
    });
  });

  describe('kiosk camera photos (person.register through the sync push)', () => {
    let kioskToken: string;
    let seq = 0;
    const deviceId = uuidv7();
    beforeAll(async () => {
      const [reception] = await db()
        .select()
        .from(areas)
        .where(and(eq(areas.entityId, facts.entity.id), eq(areas.name, 'Reception')));
      const res = await app.inject({
        method: 'POST',
        url: '/api/kiosk',
        headers: bearer(admin),
        payload: { kiosk_name: 'Upload desk', area_id: reception!.id },
      });
      kioskToken = res.json().data.access_token;
    });
    const register = async (photo: string) => {
      const personId = uuidv7();
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
              name: 'person.register',
              clientTime: Date.now(),
              clockOffsetMs: 0,
              args: {
                personId,
                firstName: 'Kim',
                lastName: 'Kiosk',
                email: `kim.${seq}@example.com`,
                phone: `0799${seq}`,
                userTypeId: visitorType,
                photo,
                at: Date.now(),
              },
            },
          ],
        },
      });
      expect(res.statusCode).toBe(200);
      return { personId, result: (res.json() as PushResponse).results[0]! };
    };

    it.each(BAD)('rejects %s with the photo message and registers nobody', async (_name, bytes, kind) => {
      const { personId, result } = await register(dataUrl(bytes));
      const code = kind === 'dimensions' ? 'photo_dimensions' : 'photo_type';
      expect(result).toMatchObject({ status: 'rejected', code, message: en.errors[code] });
      expect(await db().select().from(users).where(eq(users.id, personId))).toHaveLength(0);
    });

    it('stores a real camera photo re-encoded', async () => {
      const uploaded = await cameraJpeg();
      const { personId, result } = await register(dataUrl(uploaded));
      expect(result).toMatchObject({ status: 'applied' });
      const [person] = await db().select().from(users).where(eq(users.id, personId));
      expect(person!.image).toMatch(/^data:image\/jpeg;base64,/);
      await expectCleanReencoding(Buffer.from(person!.image!.split(',')[1]!, 'base64'), uploaded, 'jpeg');
    });
  });
});
