// User imports as background jobs. POST checks every row again with domain/import.ts;
// rows with problems are stored 'skipped' with their reason at once, the rest 'pending'. One
// job runs at a time per company (claimed under an advisory lock, with a lease it renews), a
// batch of rows per transaction (import-row.ts: set-based, each row atomic). A server that
// stops mid-job leaves it 'running'; its lease lapses and start() or the sweep carries on from
// the first pending row.
import { and, asc, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import {
  checkRows,
  IMPORT_COLUMNS,
  normalRow,
  type ImportJobWire,
  type ImportRequest,
  type ImportRowWire,
} from '../../domain/import';
import { inScope } from '../../domain/mass-action';
import type { Db } from '../db/database';
import { userImportRows, userImports } from '../db/schema/index';
import { notFound } from '../http/api-error';
import { assertAllowed, type RequestContext } from '../http/context';
import type { Realtime } from '../realtime';
import { importAnalyzer } from './import-analyze';
import { importFacts } from './import-facts';
import { rowPhotos } from './import-photos';
import { applyRows, prepareBatch } from './import-row';
import { insertImportRows } from './import-writes';

export const LEASE_MS = 60_000;
const SWEEP_MS = 30_000;
// Rows per transaction (a few multi-row statements each); photos of two batches at most in memory.
const BATCH = 250;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type Job = typeof userImports.$inferSelect;
type Emit = Pick<Realtime, 'emitToEntity'> | undefined;

export function importService(db: Db, now: () => number, onChanged: (entityId: string) => void, realtime: Emit) {
  const active = new Set<string>();
  let stopping = false;
  let sweep: ReturnType<typeof setInterval> | null = null;

  async function counts(entityId: string, id: string) {
    const rows = await db
      .select({
        status: userImportRows.status,
        n: sql<number>`count(*)::int`,
        photos: sql<number>`(count(*) filter (where ${userImportRows.photoStatus} = 'attached'))::int`,
      })
      .from(userImportRows)
      .where(and(eq(userImportRows.entityId, entityId), eq(userImportRows.importId, id)))
      .groupBy(userImportRows.status);
    const of = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
    const photos = rows.reduce((sum, r) => sum + Number(r.photos), 0);
    return { created: of('created'), updated: of('updated'), skipped: of('skipped'), pending: of('pending'), photos };
  }

  async function wire(job: Job): Promise<ImportJobWire> {
    const c = await counts(job.entityId, job.id);
    return {
      id: job.id,
      file_name: job.fileName,
      status: job.status,
      rows_total: job.rowsTotal,
      rows_done: job.rowsTotal - c.pending,
      created: c.created,
      updated: c.updated,
      skipped: c.skipped,
      photos_attached: c.photos,
      created_at: job.createdAt.toISOString(),
      finished_at: job.finishedAt?.toISOString() ?? null,
    };
  }

  const emit = (job: Job, rowsDone: number) =>
    realtime?.emitToEntity(job.entityId, 'userImport', {
      entity_id: job.entityId,
      id: job.id,
      status: job.status,
      rows_done: rowsDone,
      rows_total: job.rowsTotal,
    });

  async function claim(entityId: string): Promise<Job | null> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`user_imports:${entityId}`}))`);
      const t = now();
      const live = sql`${userImports.status} = 'running' and ${userImports.leaseUntil} > ${t}`;
      const [busy] = await tx
        .select({ id: userImports.id })
        .from(userImports)
        .where(and(eq(userImports.entityId, entityId), live))
        .limit(1);
      if (busy) return null;
      const [next] = await tx
        .select()
        .from(userImports)
        .where(and(eq(userImports.entityId, entityId), sql`${userImports.status} in ('queued', 'running')`))
        .orderBy(userImports.createdAt, userImports.id)
        .limit(1);
      if (!next) return null;
      const [job] = await tx
        .update(userImports)
        .set({ status: 'running', runnerId: uuidv7(), leaseUntil: t + LEASE_MS })
        .where(and(eq(userImports.entityId, entityId), eq(userImports.id, next.id)))
        .returning();
      return job ?? null;
    });
  }

  async function run(job: Job) {
    const mine = and(
      eq(userImports.entityId, job.entityId),
      eq(userImports.id, job.id),
      eq(userImports.runnerId, job.runnerId!),
    );
    // A stop hands the job back to the queue, so the next start carries on at once (a crash
    // leaves it 'running' instead, and it carries on when its lease lapses).
    const handBack = () =>
      db.update(userImports).set({ status: 'queued', leaseUntil: null, runnerId: null }).where(mine);
    // The next batch's photos are decoded (libvips' threads) while this batch is written.
    let after = 0;
    const analyzeIfGrown = importAnalyzer(db);
    let left = (await counts(job.entityId, job.id)).pending;
    let next = prepareBatch(db, job, after, BATCH);
    for (;;) {
      if (stopping) return handBack();
      const batch = await next;
      if (batch.rowNos.length === 0) {
        // Done past the cursor: one look from the start again, so no pending row is left behind.
        if (after === 0) break;
        after = 0;
        next = prepareBatch(db, job, after, BATCH);
        continue;
      }
      after = batch.rowNos[batch.rowNos.length - 1]!;
      next = prepareBatch(db, job, after, BATCH);
      // A rejected prefetch is read again by the next turn's await, not left unhandled.
      next.catch(() => undefined);
      if (stopping) return handBack();
      await applyRows(db, now, job, batch);
      await analyzeIfGrown(batch.rowNos.length);
      const held = await db
        .update(userImports)
        .set({ leaseUntil: now() + LEASE_MS })
        .where(mine)
        .returning();
      if (held.length === 0) return;
      onChanged(job.entityId);
      // Progress from a count kept here (every claimed row leaves 'pending'), not a count of
      // the job's rows after each batch.
      left = Math.max(0, left - batch.rowNos.length);
      emit(job, job.rowsTotal - left);
    }
    const [done] = await db
      .update(userImports)
      .set({ status: 'done', leaseUntil: null, finishedAt: new Date(now()) })
      .where(and(mine, eq(userImports.status, 'running')))
      .returning();
    if (done) {
      onChanged(job.entityId);
      emit(done, done.rowsTotal);
    }
  }

  async function drain(entityId: string) {
    if (active.has(entityId) || stopping) return;
    active.add(entityId);
    try {
      for (let job = await claim(entityId); job && !stopping; job = stopping ? null : await claim(entityId)) {
        emit(job, job.rowsTotal - (await counts(entityId, job.id)).pending);
        await run(job);
      }
    } finally {
      active.delete(entityId);
    }
  }

  async function wake() {
    const waiting = await db
      .selectDistinct({ entityId: userImports.entityId })
      .from(userImports)
      .where(sql`${userImports.status} in ('queued', 'running')`);
    for (const w of waiting) void drain(w.entityId).catch(() => undefined);
  }

  async function own(ctx: RequestContext, id: string): Promise<Job> {
    if (!UUID.test(id)) throw notFound();
    const [job] = await db
      .select()
      .from(userImports)
      .where(and(eq(userImports.entityId, ctx.entityId), eq(userImports.id, id)));
    if (!job) throw notFound();
    assertAllowed(ctx, 'users');
    return job;
  }

  return {
    /** The user types this admin may import people into (the template lists them). */
    async userTypes(ctx: RequestContext) {
      const facts = await importFacts(db, ctx.entityId, ctx.userId, []);
      const allowed = facts.userTypes.filter((t) => inScope(facts.allowedUserTypeIds, t.id));
      return { data: allowed.map((t) => t.name).sort((a, b) => a.localeCompare(b)) };
    },

    async check(ctx: RequestContext, rows: ImportRequest['rows']) {
      const data = rows.map((r) => normalRow(r.data));
      const checks = checkRows(data, await importFacts(db, ctx.entityId, ctx.userId, data));
      return { data: checks.map((c, i) => ({ row_no: rows[i]!.row_no, errors: c.errors, match_id: c.matchId })) };
    },

    async create(
      ctx: RequestContext,
      req: ImportRequest,
      uploaded = new Map<string, Buffer>(),
    ): Promise<ImportJobWire> {
      const data = req.rows.map((r) => normalRow(r.data));
      const checks = checkRows(data, await importFacts(db, ctx.entityId, ctx.userId, data));
      const photos = rowPhotos(data, uploaded);
      const id = uuidv7();
      const [job] = await db.transaction(async (tx) => {
        const created = await tx
          .insert(userImports)
          .values({
            entityId: ctx.entityId,
            id,
            requestedBy: ctx.userId,
            fileName: req.file_name,
            status: 'queued',
            rowsTotal: data.length,
            createdAt: new Date(now()),
          })
          .returning();
        const values = data.map((row, i) => {
          const bad = IMPORT_COLUMNS.find((c) => checks[i]!.errors[c]);
          return {
            entityId: ctx.entityId,
            importId: id,
            rowNo: req.rows[i]!.row_no,
            data: row,
            status: bad ? ('skipped' as const) : ('pending' as const),
            reason: bad ? checks[i]!.errors[bad]! : null,
            reasonColumn: bad ?? null,
            ...(bad ? { photoName: photos[i]!.photoName } : photos[i]!),
          };
        });
        await insertImportRows(tx, values);
        return created;
      });
      void drain(ctx.entityId).catch(() => undefined);
      return wire(job!);
    },

    async list(ctx: RequestContext): Promise<{ data: ImportJobWire[] }> {
      assertAllowed(ctx, 'users');
      const jobs = await db
        .select()
        .from(userImports)
        .where(eq(userImports.entityId, ctx.entityId))
        .orderBy(desc(userImports.createdAt), desc(userImports.id))
        .limit(50);
      return { data: await Promise.all(jobs.map(wire)) };
    },

    async details(ctx: RequestContext, id: string): Promise<{ data: ImportJobWire; rows: ImportRowWire[] }> {
      const job = await own(ctx, id);
      const { photo: _bytes, ...columns } = getTableColumns(userImportRows);
      const rows = await db
        .select(columns)
        .from(userImportRows)
        .where(and(eq(userImportRows.entityId, ctx.entityId), eq(userImportRows.importId, id)))
        .orderBy(asc(userImportRows.rowNo));
      return {
        data: await wire(job),
        rows: rows.map((r) => ({
          row_no: r.rowNo,
          data: r.data,
          status: r.status,
          reason: r.reason,
          reason_column: r.reasonColumn,
          user_id: r.userId,
          photo_name: r.photoName,
          photo_status: r.photoStatus,
        })),
      };
    },

    /** Runs jobs a stopped server left behind, and checks for lapsed leases from time to time. */
    async start() {
      stopping = false;
      // In the background: a first query on a cold embedded database can outlast the app's
      // ready timeout, and a database not migrated yet (an instance waiting for another's
      // migration) is not an error here — the sweep looks again.
      void wake().catch((error: unknown) =>
        console.warn('gatehouse import: waiting imports not read yet', error instanceof Error ? error.message : error),
      );
      sweep ??= setInterval(() => void wake().catch(() => undefined), SWEEP_MS);
      sweep.unref?.();
    },
    stop() {
      stopping = true;
      if (sweep) clearInterval(sweep);
      sweep = null;
    },
    async idle() {
      while (active.size) await new Promise((r) => setTimeout(r, 10));
    },
  };
}
export type ImportService = ReturnType<typeof importService>;
