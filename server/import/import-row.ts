// Applies spreadsheet rows set-based: a batch of rows per transaction, checked together with the
// same domain/ rules (one read of the company's facts), then written with one multi-row
// statement per table (people inserted, people updated, cards, external ids, photos, the rows'
// outcomes, the change feed). A row whose person another writer took between the check and the
// insert is skipped with the reason; any other failure rolls the batch back and it is applied
// again row by row (each row its own transaction), so a bad row is listed and the others import.
// A crash rolls the open batch back: a resumed job finds those rows pending and never applies a
// row twice. A statement per table rather than ~15 per row is what keeps 10,000 rows in seconds.
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { arrayParam } from '../db/array-param';
import { v7 as uuidv7 } from 'uuid';
import { checkRows, IMPORT_COLUMNS, type ImportRow, type RowCheck } from '../../domain/import';
import type { Db } from '../db/database';
import { personExternalIds, roles, userCards, userImportRows, users } from '../db/schema/index';
import { personChange } from '../people/people.projections';
import { cardChange } from '../rfid-enrolment/cards';
import { feedChanges, type ChangeInput, type Tx } from '../sync/changes';
import { importFacts, textArray } from './import-facts';
import { decodePhoto } from './import-photos';
import { attachPhotos, heldPhoto, writeOutcomes, type Job, type Outcome } from './import-writes';
import type { StoredImage } from '../uploads/image-decode';
import { roleGuard } from '../people/role-guard';

/** A batch's rows and their photos, decoded before its transaction (pixels are slow, locks should not be). */
export interface PreparedBatch {
  rowNos: number[];
  pictures: Map<number, StoredImage | null>;
}
interface Claimed {
  rowNo: number;
  data: ImportRow;
  photoStatus: string | null;
  hasPhoto: boolean;
}

const FAILED = 'import.problems.failed';
const ofJob = (job: Job) => and(eq(userImportRows.entityId, job.entityId), eq(userImportRows.importId, job.id));
const pending = eq(userImportRows.status, 'pending');

/** The next `size` pending rows after row `after`, their photos decoded (concurrently, off the database). */
export async function prepareBatch(db: Db, job: Job, after: number, size: number): Promise<PreparedBatch> {
  const held = await db
    .select({ rowNo: userImportRows.rowNo, photo: userImportRows.photo })
    .from(userImportRows)
    .where(and(ofJob(job), pending, gt(userImportRows.rowNo, after)))
    .orderBy(asc(userImportRows.rowNo))
    .limit(size);
  const pictures = new Map<number, StoredImage | null>();
  await Promise.all(
    held.map(async (h) => {
      if (h.photo) pictures.set(h.rowNo, await decodePhoto(h.photo));
    }),
  );
  return { rowNos: held.map((h) => h.rowNo), pictures };
}

/** Applies one prepared batch; a batch that cannot commit is applied row by row instead. */
export async function applyRows(db: Db, now: () => number, job: Job, batch: PreparedBatch): Promise<void> {
  try {
    await db.transaction((tx) => applyBatch(tx, now, job, batch.rowNos, batch.pictures));
  } catch {
    for (const rowNo of batch.rowNos)
      await db
        .transaction((tx) => applyBatch(tx, now, job, [rowNo], batch.pictures))
        .catch(() => writeOutcomes(db, job, [failed(rowNo, null)]));
  }
}

const failed = (rowNo: number, photoStatus: string | null): Outcome => ({
  rowNo,
  status: 'skipped',
  userId: null,
  reason: FAILED,
  reasonColumn: null,
  photoStatus,
});

async function applyBatch(
  tx: Tx,
  now: () => number,
  job: Job,
  rowNos: readonly number[],
  pictures: Map<number, StoredImage | null>,
): Promise<void> {
  // Claimed: locked while still pending (a row another runner finished is not here any more).
  const claimed: Claimed[] = await tx
    .select({
      rowNo: userImportRows.rowNo,
      data: userImportRows.data,
      photoStatus: userImportRows.photoStatus,
      hasPhoto: sql<boolean>`${userImportRows.photo} is not null`,
    })
    .from(userImportRows)
    .where(and(ofJob(job), pending, sql`${userImportRows.rowNo} = any(${arrayParam(rowNos)}::int[])`))
    .orderBy(asc(userImportRows.rowNo))
    .for('update');
  const at = new Date(now());
  const changes: ChangeInput[] = [];
  const role = { id: null as string | null };
  // Rounds: two rows that update the same person go in successive rounds, the second checked
  // against what the first wrote (as if the rows were applied one after the other).
  for (let todo = claimed; todo.length > 0;) {
    const data = todo.map((r) => r.data);
    const checks = checkRows(data, await importFacts(tx, job.entityId, job.requestedBy, data));
    const round: Array<{ row: Claimed; check: RowCheck }> = [];
    const later: Claimed[] = [];
    const seen = new Set<string>();
    todo.forEach((row, i) => {
      const match = checks[i]!.matchId;
      if (match && seen.has(match)) return later.push(row);
      if (match) seen.add(match);
      round.push({ row, check: checks[i]! });
    });
    changes.push(...(await applyRound(tx, job, round, pictures, at, role)));
    todo = later;
  }
  await feedChanges(tx, job.entityId, changes);
}

async function applyRound(
  tx: Tx,
  job: Job,
  round: Array<{ row: Claimed; check: RowCheck }>,
  pictures: Map<number, StoredImage | null>,
  at: Date,
  role: { id: string | null },
): Promise<ChangeInput[]> {
  const { entityId } = job;
  const outcomes: Outcome[] = [];
  const good: Array<{ row: Claimed; check: RowCheck; userId: string; picture: StoredImage | null }> = [];
  for (const { row, check } of round) {
    const bad = IMPORT_COLUMNS.find((c) => check.errors[c]);
    if (bad) {
      outcomes.push({ ...failed(row.rowNo, row.photoStatus), reason: check.errors[bad]!, reasonColumn: bad });
      continue;
    }
    // A photo not decoded with its batch (none was held then) is decoded now.
    let picture = pictures.get(row.rowNo) ?? null;
    if (row.hasPhoto && !pictures.has(row.rowNo)) picture = await decodePhoto(await heldPhoto(tx, job, row.rowNo));
    good.push({ row, check, userId: check.matchId ?? uuidv7(), picture });
  }
  // A row naming someone the requester may not change (a higher role) is refused
  // on its own, with the same rule as editing that person.
  const refusals = await roleGuard(tx).refusalsFor(
    entityId,
    job.requestedBy,
    good.flatMap((g) => (g.check.matchId ? [g.check.matchId] : [])),
    'details',
  );
  for (let i = good.length - 1; i >= 0; i--) {
    const refusal = good[i]!.check.matchId ? refusals.get(good[i]!.check.matchId!) : undefined;
    if (!refusal) continue;
    const [g] = good.splice(i, 1);
    outcomes.push({ ...failed(g!.row.rowNo, g!.row.photoStatus), reason: `errors.${refusal}`, reasonColumn: 'email' });
  }
  const fields = (d: ImportRow, userTypeId: string | null) => ({
    email: d.email.toLowerCase(),
    phone: d.phone,
    countryCode: d.country_code || null,
    fullName: d.full_name,
    userTypeId,
  });

  const fresh = good.filter((g) => !g.check.matchId);
  const inserted = new Set<string>();
  if (fresh.length) {
    role.id ??= (
      await tx
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.entityId, entityId), eq(roles.name, 'default users')))
    )[0]!.id;
    // One array parameter per column (unnest): 250 rows are six parameters, not 2,500.
    const f = fresh.map((g) => ({ id: g.userId, ...fields(g.row.data, g.check.userTypeId) }));
    const col = (pick: (x: (typeof f)[number]) => string | null) => textArray(f.map(pick));
    // A person another writer created since the check (same email or phone): that row only is skipped.
    const created = (await tx.execute(sql`
      insert into ${users} (entity_id, id, role_id, labels, updated_at, email, phone, country_code, full_name, user_type_id)
      select ${entityId}::uuid, v.id, ${role.id}::uuid, '[]'::jsonb, ${at.toISOString()}::timestamptz,
        v.email, v.phone, v.country_code, v.full_name, v.user_type_id
      from unnest(${col((x) => x.id)}::uuid[], ${col((x) => x.email)}::text[], ${col((x) => x.phone)}::text[],
        ${col((x) => x.countryCode)}::text[], ${col((x) => x.fullName)}::text[], ${col((x) => x.userTypeId)}::uuid[])
        as v(id, email, phone, country_code, full_name, user_type_id)
      on conflict do nothing
      returning id`)) as unknown as { rows: Array<{ id: string }> };
    for (const r of created.rows) inserted.add(r.id);
  }
  const matched = good.filter((g) => g.check.matchId);
  if (matched.length) {
    const f = matched.map((g) => ({ id: g.userId, ...fields(g.row.data, g.check.userTypeId) }));
    const col = (pick: (x: (typeof f)[number]) => string | null) => textArray(f.map(pick));
    await tx.execute(sql`
      update ${users} as u set email = v.email, phone = v.phone, country_code = v.country_code,
        full_name = v.full_name, user_type_id = v.user_type_id, version = u.version + 1,
        updated_at = ${at.toISOString()}::timestamptz
      from unnest(${col((x) => x.id)}::uuid[], ${col((x) => x.email)}::text[], ${col((x) => x.phone)}::text[],
        ${col((x) => x.countryCode)}::text[], ${col((x) => x.fullName)}::text[], ${col((x) => x.userTypeId)}::uuid[])
        as v(id, email, phone, country_code, full_name, user_type_id)
      where u.entity_id = ${entityId}::uuid and u.id = v.id`);
  }

  // What was written, read back once: a matched person deleted meanwhile is not here (skipped).
  const ids = good.filter((g) => g.check.matchId || inserted.has(g.userId)).map((g) => g.userId);
  const people = new Map(
    (ids.length
      ? await tx
          .select()
          .from(users)
          .where(and(eq(users.entityId, entityId), sql`${users.id} = any(${textArray(ids)}::uuid[])`))
      : []
    ).map((u) => [u.id, u]),
  );
  const written = good.filter((g) => people.has(g.userId));
  for (const g of good) if (!people.has(g.userId)) outcomes.push(failed(g.row.rowNo, g.row.photoStatus));

  // An empty cell leaves what the person has: a spreadsheet without cards keeps their cards.
  const cards = written.filter((g) => g.row.data.rfid);
  if (cards.length)
    await tx.execute(sql`
      insert into ${userCards} (entity_id, user_id, rfid)
      select ${entityId}::uuid, v.user_id, v.rfid
      from unnest(${textArray(cards.map((g) => g.userId))}::uuid[], ${textArray(cards.map((g) => g.row.data.rfid))}::text[])
        as v(user_id, rfid)
      on conflict (entity_id, user_id) do update set rfid = excluded.rfid`);
  const externals = written.filter((g) => g.row.data.external_id);
  if (externals.length)
    await tx.execute(sql`
      insert into ${personExternalIds} (entity_id, user_id, external_id)
      select ${entityId}::uuid, v.user_id, v.external_id
      from unnest(${textArray(externals.map((g) => g.userId))}::uuid[],
        ${textArray(externals.map((g) => g.row.data.external_id))}::text[]) as v(user_id, external_id)
      on conflict (entity_id, user_id) do update set external_id = excluded.external_id`);
  await attachPhotos(tx, entityId, written, people, at);

  for (const g of written)
    outcomes.push({
      rowNo: g.row.rowNo,
      status: g.check.matchId ? 'updated' : 'created',
      userId: g.userId,
      reason: null,
      reasonColumn: null,
      photoStatus: g.row.hasPhoto ? (g.picture ? 'attached' : 'import.photoProblems.notImage') : g.row.photoStatus,
    });
  await writeOutcomes(tx, job, outcomes);
  return [
    ...written.map((g) => personChange(people.get(g.userId)!)),
    ...cards.map((g) => cardChange(g.userId, g.row.data.rfid)),
  ];
}
