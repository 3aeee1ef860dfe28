// The write-back job (/write-back): sends the register marks of the people an
// integration keeps in step to the directory (Wonde session attendance). Each run works out,
// from the last WINDOW_MS of attendance records, the mark every person should have per day and
// session (the latest record wins), compares it with the ledger and sends only what differs.
// A mark is written to the ledger as `pending` before it is sent and `sent` after, so a crash
// resends only those (the directory overwrites a session mark with the same one); the lease
// on the integration's row lets one instance run at a time.
import { and, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import { arrayParam } from '../db/array-param';
import { v7 as uuidv7 } from 'uuid';
import { directoryCodeOf, sessionOf } from '../../domain/attendance-codes';
import { localDay, localMidnight } from '../../domain/timesheet';
import type { Db } from '../db/database';
import { integrationWriteBack, integrationWriteBackMarks, integrations } from '../db/schema/index';
import type { ClientFactory, CredentialsBox } from './directory-access';
import { DirectoryError, type WriteBackRecord } from './directories/directory-client';

export const WRITE_BACK_LEASE_MS = 120_000;
/** Registers are kept for recent days: a kiosk offline for a week still gets its marks written. */
export const WINDOW_MS = 7 * 86_400_000;
const BATCH = 200;

interface RecordRow {
  id: string;
  at: string | number;
  kind: 'in' | 'out';
  mode_id: string;
  reason_id: string | null;
  reason_name: string | null;
  situation: 'late_sign_in' | 'early_sign_out' | null;
  external_id: string;
  tz: string | null;
}

type Slot = {
  externalId: string;
  day: string;
  session: 'AM' | 'PM';
  code: string;
  comment: string | null;
  recordId: string;
  kind: 'in' | 'out';
  at: number;
};

export function writeBackJob(db: Db, now: () => number, box: CredentialsBox, clientFor: ClientFactory) {
  const running = new Set<Promise<unknown>>();
  const slotKey = (s: Pick<Slot, 'externalId' | 'day' | 'session'>) => `${s.externalId}|${s.day}|${s.session}`;

  /** The marks to write; `pupilsOnly` (Wonde) leaves out people the directory calls employees. */
  async function wanted(
    entityId: string,
    integrationId: string,
    codes: Record<string, string>,
    comments: boolean,
    pupilsOnly: boolean,
  ) {
    const rows = (
      (await db.execute(sql`
        select r.id, r.at, r.kind, r.attendance_mode_id as mode_id, r.reason_id, r.reason_name, r.situation,
               ip.external_id, s.time_zone as tz
        from attendance_records r
        join integration_people ip on ip.entity_id = r.entity_id and ip.integration_id = ${integrationId}
          and ip.user_id = r.person_id and ip.removed_at is null
          and (${!pupilsOnly} or ip.directory_type is distinct from 'employee')
        left join areas a on a.entity_id = r.entity_id and a.id = r.area_id
        left join sites s on s.entity_id = a.entity_id and s.id = a.site_id
        where r.entity_id = ${entityId} and r.at >= ${now() - WINDOW_MS}
        order by r.at, r.id`)) as unknown as { rows: RecordRow[] }
    ).rows;
    const slots = new Map<string, Slot>();
    for (const r of rows) {
      const code = directoryCodeOf(codes, { modeId: r.mode_id, reasonId: r.reason_id, situation: r.situation });
      if (!code) continue;
      const at = Number(r.at);
      const tz = r.tz || 'UTC';
      const day = localDay(at, tz);
      const session = sessionOf(Math.floor((at - localMidnight(day, tz)) / 60_000));
      const comment = comments && r.reason_name ? r.reason_name : null;
      const slot = { externalId: r.external_id, day, session, code, comment, recordId: r.id, kind: r.kind, at };
      slots.set(slotKey(slot), slot);
    }
    return slots;
  }

  /** One run for one integration; null when write-back is off or another run holds the lease. */
  async function runOnce(entityId: string, integrationId: string): Promise<{ sent: number } | null> {
    const here = and(eq(integrationWriteBack.entityId, entityId), eq(integrationWriteBack.id, integrationId));
    const [claimed] = await db
      .update(integrationWriteBack)
      .set({ leaseUntil: now() + WRITE_BACK_LEASE_MS })
      .where(
        and(
          here,
          eq(integrationWriteBack.attendance, true),
          or(isNull(integrationWriteBack.leaseUntil), lt(integrationWriteBack.leaseUntil, now())),
        ),
      )
      .returning();
    if (!claimed) return null;
    let sent = 0;
    let lastError: string | null = null;
    try {
      const [integ] = await db
        .select()
        .from(integrations)
        .where(and(eq(integrations.entityId, entityId), eq(integrations.id, integrationId)));
      const client = integ ? clientFor(box.open(integ.credentials), {}) : null;
      if (!client?.writeBack) throw new Error('this directory takes no write-back');
      const slots = await wanted(
        entityId,
        integrationId,
        claimed.attendanceCodes,
        claimed.comments,
        integ?.kind === 'wonde',
      );
      const firstDay = localDay(now() - WINDOW_MS - 86_400_000, 'UTC');
      const ledger = await db
        .select()
        .from(integrationWriteBackMarks)
        .where(
          and(
            eq(integrationWriteBackMarks.entityId, entityId),
            eq(integrationWriteBackMarks.integrationId, integrationId),
            gte(integrationWriteBackMarks.day, firstDay),
          ),
        );
      const done = new Map(ledger.map((m) => [slotKey(m), m]));
      const todo = [...slots.values()].filter((s) => {
        const m = done.get(slotKey(s));
        return !m || m.state !== 'sent' || m.code !== s.code || m.comment !== s.comment;
      });
      for (let i = 0; i < todo.length; i += BATCH) {
        const batch = todo.slice(i, i + BATCH);
        const ids = await pending(entityId, integrationId, batch);
        const records = batch.map(recordOf);
        // A connection dropped before any answer (a kept-alive socket the directory closed) is
        // tried once more: a session mark written twice is the same mark.
        await client.writeBack(records).catch((error: unknown) => {
          if (error instanceof DirectoryError && error.failure === 'unavailable' && error.status === null)
            return client.writeBack!(records);
          throw error;
        });
        await db
          .update(integrationWriteBackMarks)
          .set({ state: 'sent', sentAt: new Date(now()) })
          .where(
            and(
              eq(integrationWriteBackMarks.entityId, entityId),
              sql`${integrationWriteBackMarks.id} = any(${arrayParam(ids)}::uuid[])`,
            ),
          );
        sent += batch.length;
      }
    } catch (error) {
      lastError = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    } finally {
      await db
        .update(integrationWriteBack)
        .set({ leaseUntil: null, lastRunAt: new Date(now()), lastError })
        .where(here);
    }
    return { sent };
  }

  /** Records the marks about to be sent (state pending) and answers their ledger ids. */
  async function pending(entityId: string, integrationId: string, slots: Slot[]): Promise<string[]> {
    const rows = await db
      .insert(integrationWriteBackMarks)
      .values(
        slots.map((s) => ({
          entityId,
          id: uuidv7(),
          integrationId,
          externalId: s.externalId,
          day: s.day,
          session: s.session,
          code: s.code,
          comment: s.comment,
          recordId: s.recordId,
          state: 'pending' as const,
        })),
      )
      .onConflictDoUpdate({
        target: [
          integrationWriteBackMarks.entityId,
          integrationWriteBackMarks.integrationId,
          integrationWriteBackMarks.externalId,
          integrationWriteBackMarks.day,
          integrationWriteBackMarks.session,
        ],
        set: {
          code: sql`excluded.code`,
          comment: sql`excluded.comment`,
          recordId: sql`excluded.record_id`,
          state: 'pending',
          sentAt: null,
        },
      })
      .returning({ id: integrationWriteBackMarks.id });
    return rows.map((r) => r.id);
  }

  const recordOf = (s: Slot): WriteBackRecord => ({
    externalId: s.externalId,
    date: s.day,
    session: s.session,
    code: s.code,
    comment: s.comment,
    signedInAt: s.kind === 'in' ? new Date(s.at).toISOString() : null,
    signedOutAt: s.kind === 'out' ? new Date(s.at).toISOString() : null,
  });

  function track<T>(p: Promise<T>): Promise<T> {
    running.add(p);
    void p.finally(() => running.delete(p)).catch(() => undefined);
    return p;
  }

  return {
    run: (entityId: string, integrationId: string) => track(runOnce(entityId, integrationId)),
    /** Every integration with write-back on (the lease keeps instances from running one twice). */
    async sweep() {
      const on = await db
        .select({ entityId: integrationWriteBack.entityId, id: integrationWriteBack.id })
        .from(integrationWriteBack)
        .where(eq(integrationWriteBack.attendance, true));
      for (const r of on) await track(runOnce(r.entityId, r.id));
    },
    async idle() {
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}
export type WriteBackJob = ReturnType<typeof writeBackJob>;
