// The multi-row writes of an import batch (import-row.ts): the people's photos, and each row's
// outcome. One statement per batch each, whatever its number of rows.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { userImportRows, userPhotos, users } from '../db/schema/index';
import { photoUrl } from '../people/people.service';
import type { Tx } from '../sync/changes';
import type { StoredImage } from '../uploads/image-decode';

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
  const rows = sql.join(
    outcomes.map(
      (o) =>
        sql`(${o.rowNo}::int, ${o.status}::text, ${o.userId}::uuid, ${o.reason}::text, ${o.reasonColumn}::text, ${o.photoStatus}::text)`,
    ),
    sql`, `,
  );
  await x.execute(sql`
    update ${userImportRows} as r set status = v.status, user_id = v.user_id, reason = v.reason,
      reason_column = v.reason_column, photo = null, photo_status = coalesce(v.photo_status, r.photo_status)
    from (values ${rows}) as v(row_no, status, user_id, reason, reason_column, photo_status)
    where r.entity_id = ${job.entityId}::uuid and r.import_id = ${job.id}::uuid and r.row_no = v.row_no
      and r.status = 'pending'`);
}
