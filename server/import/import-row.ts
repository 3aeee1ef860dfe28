// Applies one spreadsheet row, atomically: in one transaction the row is claimed (locked while
// still 'pending'), checked again against the company as it is now, its person created or
// updated with the change-feed entries kiosks pull, and the row marked with what happened.
// A crash rolls all of it back, so a resumed job never applies a row twice.
import { and, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { checkRows, IMPORT_COLUMNS, type ImportColumn } from '../../domain/import';
import type { Db } from '../db/database';
import { personExternalIds, roles, userCards, userImportRows, userPhotos, users } from '../db/schema/index';
import { photoUrl } from '../people/people.service';
import { personChange } from '../people/people.projections';
import { cardChange } from '../rfid-enrolment/cards';
import { feedChanges, type ChangeInput, type Tx } from '../sync/changes';
import { importFacts } from './import-facts';
import { decodePhoto } from './import-photos';
import type { StoredImage } from '../uploads/image-decode';

export type RowOutcome = 'created' | 'updated' | 'skipped' | 'gone';

export async function applyRow(
  db: Db,
  now: () => number,
  job: { entityId: string; id: string; requestedBy: string },
  rowNo: number,
): Promise<RowOutcome> {
  const { entityId } = job;
  const where = and(
    eq(userImportRows.entityId, entityId),
    eq(userImportRows.importId, job.id),
    eq(userImportRows.rowNo, rowNo),
    eq(userImportRows.status, 'pending'),
  );
  const skip = async (reason: string, column: ImportColumn | null) => {
    await db.update(userImportRows).set({ status: 'skipped', reason, reasonColumn: column, photo: null }).where(where);
    return 'skipped' as const;
  };
  // The photo is decoded before the transaction: pixels are slow, row locks should not be.
  const [held] = await db.select({ photo: userImportRows.photo }).from(userImportRows).where(where);
  const picture = held?.photo ? await decodePhoto(held.photo) : null;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.select().from(userImportRows).where(where).for('update');
      if (!row) return 'gone';
      const data = row.data;
      const [check] = checkRows([data], await importFacts(tx, entityId, job.requestedBy, [data]));
      const bad = IMPORT_COLUMNS.find((c) => check!.errors[c]);
      if (bad) {
        await tx
          .update(userImportRows)
          .set({ status: 'skipped', reason: check!.errors[bad]!, reasonColumn: bad, photo: null })
          .where(where);
        return 'skipped';
      }
      const at = new Date(now());
      const fields = {
        email: data.email.toLowerCase(),
        phone: data.phone,
        countryCode: data.country_code || null,
        fullName: data.full_name,
        userTypeId: check!.userTypeId,
        updatedAt: at,
      };
      let person: typeof users.$inferSelect;
      if (check!.matchId) {
        [person] = (await tx
          .update(users)
          .set({ ...fields, version: sql`${users.version} + 1` })
          .where(and(eq(users.entityId, entityId), eq(users.id, check!.matchId)))
          .returning()) as [typeof users.$inferSelect];
      } else {
        const [role] = await tx
          .select({ id: roles.id })
          .from(roles)
          .where(and(eq(roles.entityId, entityId), eq(roles.name, 'default users')));
        [person] = (await tx
          .insert(users)
          .values({ entityId, id: uuidv7(), roleId: role!.id, labels: [], ...fields })
          .returning()) as [typeof users.$inferSelect];
      }
      let photoStatus = row.photoStatus;
      if (row.photo) {
        photoStatus = picture ? 'attached' : 'import.photoProblems.notImage';
        if (picture) person = await attachPhoto(tx, person, picture, at);
      }
      const changes: ChangeInput[] = [personChange(person)];
      // An empty cell leaves what the person has: a spreadsheet without cards keeps their cards.
      if (data.rfid) {
        await tx
          .insert(userCards)
          .values({ entityId, userId: person.id, rfid: data.rfid })
          .onConflictDoUpdate({ target: [userCards.entityId, userCards.userId], set: { rfid: data.rfid } });
        changes.push(cardChange(person.id, data.rfid));
      }
      if (data.external_id)
        await tx
          .insert(personExternalIds)
          .values({ entityId, userId: person.id, externalId: data.external_id })
          .onConflictDoUpdate({
            target: [personExternalIds.entityId, personExternalIds.userId],
            set: { externalId: data.external_id },
          });
      await feedChanges(tx, entityId, changes);
      const outcome = check!.matchId ? 'updated' : 'created';
      await tx
        .update(userImportRows)
        .set({ status: outcome, userId: person.id, photo: null, photoStatus })
        .where(where);
      return outcome;
    });
  } catch {
    // A person written by someone else between the check and the write (a unique constraint):
    // this row is skipped with the reason, the other rows carry on.
    return skip('import.problems.failed', null);
  }
}

/** The person's photo replaced by the zip's, and their image pointing at the new version. */
async function attachPhoto(tx: Tx, person: typeof users.$inferSelect, picture: StoredImage, at: Date) {
  const { entityId, id: userId } = person;
  await tx.delete(userPhotos).where(and(eq(userPhotos.entityId, entityId), eq(userPhotos.userId, userId)));
  await tx.insert(userPhotos).values({
    entityId,
    userId,
    mime: picture.mime,
    width: picture.width,
    height: picture.height,
    bytes: picture.bytes,
    updatedAt: at,
  });
  const [updated] = await tx
    .update(users)
    .set({ image: photoUrl(person) })
    .where(and(eq(users.entityId, entityId), eq(users.id, userId)))
    .returning();
  return updated!;
}
