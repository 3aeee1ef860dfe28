// The multi-row writes of an import batch (import-row.ts): the people's photos, and each row's
// outcome. One statement per batch each, whatever its number of rows.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { userImportRows, userPhotos, users } from '../db/schema/index';
import { photoUrl } from '../people/people.service';
import type { Tx } from '../sync/changes';
import type { StoredImage } from '../uploads/image-decode';
import { textArray } from './import-facts';

export type Job = { entityId: string; id: string; requestedBy: string };
export interface Outcome {
  rowNo: number;
  status: 'created' | 'updated' | 'skipped';
  userId: string | null;
  reason: string | null;
  reasonColumn: string | null;
  photoStatus: string | null;
}

// Photos per statement: a few megabytes of pictures at most in one message to the database.
const PHOTO_CHUNK = 50;

/** The zip's photos replace the people's, and their image points at the new version. */
export async function attachPhotos(
  tx: Tx,
  entityId: string,
  written: Array<{ userId: string; picture: StoredImage | null }>,
  people: Map<string, typeof users.$inferSelect>,
  at: Date,
) {
  const withPhoto = written.filter((g) => g.picture);
  for (let i = 0; i < withPhoto.length; i += PHOTO_CHUNK)
    await tx
      .insert(userPhotos)
      .values(
        withPhoto.slice(i, i + PHOTO_CHUNK).map(({ userId, picture: p }) => ({
          entityId,
          userId,
          mime: p!.mime,
          width: p!.width,
          height: p!.height,
          bytes: p!.bytes,
          updatedAt: at,
        })),
      )
      .onConflictDoUpdate({
        target: [userPhotos.entityId, userPhotos.userId],
        set: {
          mime: sql`excluded.mime`,
          width: sql`excluded.width`,
          height: sql`excluded.height`,
          bytes: sql`excluded.bytes`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
  const images = withPhoto
    .map((g) => people.get(g.userId)!)
    .filter((u) => u.image !== photoUrl(u))
    .map((u) => ({ id: u.id, image: photoUrl(u) }));
  if (images.length === 0) return;
  const rows = sql.join(
    images.map((m) => sql`(${m.id}::uuid, ${m.image}::text)`),
    sql`, `,
  );
  await tx.execute(sql`
    update ${users} as u set image = v.image from (values ${rows}) as v(id, image)
    where u.entity_id = ${entityId}::uuid and u.id = v.id`);
  for (const m of images) people.get(m.id)!.image = m.image;
}

export async function heldPhoto(tx: Tx, job: Job, rowNo: number): Promise<Uint8Array> {
  const [row] = await tx
    .select({ photo: userImportRows.photo })
    .from(userImportRows)
    .where(
      and(
        eq(userImportRows.entityId, job.entityId),
        eq(userImportRows.importId, job.id),
        eq(userImportRows.rowNo, rowNo),
      ),
    );
  return row!.photo!;
}

/** Every row's outcome in one statement; the photo bytes are dropped once a row is done. */
export async function writeOutcomes(x: Db | Tx, job: Job, outcomes: readonly Outcome[]) {
  if (outcomes.length === 0) return;
  const col = (pick: (o: Outcome) => string | number | null) =>
    textArray(outcomes.map((o) => (pick(o) === null ? null : String(pick(o)))));
  // One array parameter per column (unnest), whatever the number of rows.
  await x.execute(sql`
    update ${userImportRows} as r set status = v.status, user_id = v.user_id, reason = v.reason,
      reason_column = v.reason_column, photo = null, photo_status = coalesce(v.photo_status, r.photo_status)
    from unnest(${col((o) => o.rowNo)}::int[], ${col((o) => o.status)}::text[], ${col((o) => o.userId)}::uuid[],
      ${col((o) => o.reason)}::text[], ${col((o) => o.reasonColumn)}::text[], ${col((o) => o.photoStatus)}::text[])
      as v(row_no, status, user_id, reason, reason_column, photo_status)
    where r.entity_id = ${job.entityId}::uuid and r.import_id = ${job.id}::uuid and r.row_no = v.row_no
      and r.status = 'pending'`);
}

type ImportRowInsert = typeof userImportRows.$inferInsert;

/** Up to 1,000 rows per statement, fewer when photos ride along: a few megabytes of pictures at
 * most in one message. */
function* photoChunks(values: readonly ImportRowInsert[]): Generator<ImportRowInsert[]> {
  let chunk: ImportRowInsert[] = [];
  let bytes = 0;
  for (const v of values) {
    chunk.push(v);
    bytes += v.photo?.length ?? 0;
    if (chunk.length === 1000 || bytes >= 4 * 1024 * 1024) {
      yield chunk;
      chunk = [];
      bytes = 0;
    }
  }
  if (chunk.length) yield chunk;
}

/** A new import's rows: those with a photo in statements of a few megabytes, the others in
 * one statement per 5,000 rows with one array parameter per column (10,000 rows as 100,000
 * parameters spent seconds in statement building and protocol encoding). */
export async function insertImportRows(tx: Tx, values: readonly ImportRowInsert[]) {
  for (const chunk of photoChunks(values.filter((v) => v.photo))) await tx.insert(userImportRows).values(chunk);
  const plain = values.filter((v) => !v.photo);
  for (let i = 0; i < plain.length; i += 5000) {
    const part = plain.slice(i, i + 5000);
    const col = (pick: (v: ImportRowInsert) => string | number | null | undefined) =>
      textArray(part.map((v) => (pick(v) == null ? null : String(pick(v)))));
    await tx.execute(sql`
      insert into ${userImportRows} (entity_id, import_id, row_no, data, status, reason, reason_column, photo_name, photo_status)
      select v.entity_id, v.import_id, v.row_no, v.data, v.status, v.reason, v.reason_column, v.photo_name, v.photo_status
      from unnest(${col((v) => v.entityId as string)}::uuid[], ${col((v) => v.importId as string)}::uuid[],
        ${col((v) => v.rowNo as number)}::int[], ${textArray(part.map((v) => JSON.stringify(v.data)))}::jsonb[],
        ${col((v) => v.status as string)}::text[], ${col((v) => v.reason as string | null)}::text[],
        ${col((v) => v.reasonColumn as string | null)}::text[], ${col((v) => v.photoName as string | null)}::text[],
        ${col((v) => v.photoStatus as string | null)}::text[])
        as v(entity_id, import_id, row_no, data, status, reason, reason_column, photo_name, photo_status)`);
  }
}
