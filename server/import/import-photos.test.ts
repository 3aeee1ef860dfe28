// An import with its photo zip's pictures (multipart): a photo named in the row's `photo` cell
// and one named after the external id are attached to their people; a text file named .png and
// a photo the zip does not hold are reported on their rows, and those people still imported.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { normalRow, type ImportRow } from '../../domain/import';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, testClock, tokenFor } from '../test/harness';
import { makePng } from '../test/png';

const row = (r: Partial<ImportRow>) => normalRow({ user_type: 'Student', country_code: '44', ...r });

function multipart(fields: Record<string, string>, files: Array<[string, Buffer]>) {
  const boundary = 'gatehouse-import-test';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const [name, bytes] of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="${name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

eachDatabase((get) => {
  let app: FastifyInstance;
  let admin: string;

  beforeAll(async () => {
    app = await seededApp(get().database, testClock());
    admin = await tokenFor(app, 'admin@acme.test');
  });
  afterAll(async () => {
    await app.close();
  });

  it('attaches the zip photos to their people and lists the photos it could not use', async () => {
    const rows = [
      row({ full_name: 'Photo Named', email: 'photo.named@acme.test', phone: '447700901001', photo: 'named_1.png' }),
      row({ full_name: 'Photo By Id', email: 'photo.id@acme.test', phone: '447700901002', external_id: 'S-22' }),
      row({ full_name: 'Photo Fake', email: 'photo.fake@acme.test', phone: '447700901003', photo: 'fake.png' }),
      row({ full_name: 'Photo Missing', email: 'photo.missing@acme.test', phone: '447700901004', photo: 'gone.png' }),
    ];
    const jpeg = await sharp(makePng(640, 480)).jpeg().toBuffer();
    const body = multipart(
      { request: JSON.stringify({ file_name: 'people.xlsx', rows: rows.map((data, i) => ({ row_no: i + 2, data })) }) },
      [
        ['named_1.png', makePng(640, 480)],
        ['S-22.JPG', jpeg],
        ['fake.png', Buffer.from('name,email\nnot,a photo\n')],
      ],
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/users/import',
      headers: { ...bearer(admin), 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as string;
    let done;
    // Waits for the background job to end (not a timing assertion).
    for (;;) {
      done = (await app.inject({ url: `/api/users/imports/${id}`, headers: bearer(admin) })).json();
      if (done.data.status === 'done') break;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(done.data).toMatchObject({ created: 4, skipped: 0, photos_attached: 2 });
    expect(done.rows.map((r: { photo_status: string | null }) => r.photo_status)).toEqual([
      'attached',
      'attached',
      'import.photoProblems.notImage',
      'import.photoProblems.notInZip',
    ]);
    for (const r of done.rows.slice(0, 2)) {
      const photo = await app.inject({ url: `/api/users/photo/${r.user_id}`, headers: bearer(admin) });
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toMatch(/^image\/(png|jpeg)/);
    }
    const fake = await app.inject({ url: `/api/users/photo/${done.rows[2].user_id}`, headers: bearer(admin) });
    expect(fake.statusCode).toBe(404);
  });
});
