// The auto sign-out job: on an interval, every server instance tries each company
// under a transaction-level advisory lock; the one that gets it signs out whoever is due, the
// others skip. Starting runs it at once, so a server that was down at midnight catches up, and
// a person already signed out is never signed out again (only open visits are read, and the
// event id is derived from the sign-in it ends). Also the login-mode and access effects.
import { and, eq, lt, sql } from 'drizzle-orm';
import { dueSignOuts, loginModeChangeEndsVisits, type AutoSignOutReason } from '../../domain/auto-sign-out';
import { DAY_MS, DEFAULT_RETENTION } from '../../domain/retention';
import type { Db } from '../db/database';
import { privacySettings, remotePositions } from '../db/schema/index';
import type { Tx } from '../sync/changes';
import { openVisits, writeAutoSignOuts } from './auto-sign-out.repo';
import { heldAfterReceipt } from '../../domain/device-time';

export const AUTO_SIGN_OUT_INTERVAL_MS = 60_000;
/** Sign-outs written per transaction. */
const BATCH = 500;

export interface AreaModes {
  loginMode: string | null;
  autoSignOutMode?: string | null;
}

/** Spec 1 §4 "Area changes": an area that stops being check-in-only ends its open visits now.
 * Call inside the area update's transaction; returns how many people were signed out. */
export async function onAreaModeChanged(
  tx: Tx,
  entityId: string,
  areaId: string,
  before: AreaModes,
  after: AreaModes,
  now: number,
): Promise<number> {
  if (!loginModeChangeEndsVisits(before.loginMode, after.loginMode)) return 0;
  return signOutNow(tx, entityId, { areaId }, 'login_mode_changed', now);
}

/** Spec 1 §4: people of a user type in areas it no longer has access to become auto signed out. */
export async function onUserTypeAccessRemoved(
  tx: Tx,
  entityId: string,
  userTypeId: string,
  areaIds: readonly string[],
  now: number,
): Promise<number> {
  let n = 0;
  for (const areaId of areaIds) n += await signOutNow(tx, entityId, { areaId, userTypeId }, 'access_removed', now);
  return n;
}

async function signOutNow(
  tx: Tx,
  entityId: string,
  where: { areaId: string; userTypeId?: string },
  reason: AutoSignOutReason,
  now: number,
): Promise<number> {
  const open = await openVisits(tx, { entityId, ...where });
  return writeAutoSignOuts(
    tx,
    entityId,
    open.map((v) => ({ ...v, at: Math.max(now, v.signedInAt), reason })),
    now,
  );
}

export function autoSignOutService(db: Db, now: () => number, onChanged: (entityId: string) => void) {
  let timer: ReturnType<typeof setInterval> | null = null;
  let running: Promise<number> | null = null;

  /** One company: under its lock, find who is due; write them in short batches (each its own
   * transaction, so kiosks pushing to the same company's feed wait a moment at most). Two
   * instances that both got here write each sign-out once: its id is derived from the sign-in. */
  async function runEntity(entityId: string): Promise<number | null> {
    const t = now();
    const due = await db.transaction(async (tx) => {
      const [got] = (
        (await tx.execute(
          sql`select pg_try_advisory_xact_lock(hashtext(${`auto_sign_out:${entityId}`})) as ok`,
        )) as unknown as { rows: Array<{ ok: boolean }> }
      ).rows;
      if (!got?.ok) return null; // another instance is on it right now
      const open = await openVisits(tx, { entityId, withModeOnly: true });
      const byArea = new Map(open.map((v) => [v.areaId, { mode: v.mode, timeZone: v.timeZone }]));
      // Never on a backlog that arrived in the last day.
      const settled = open.filter((v) => !heldAfterReceipt(v.signedInAt, v.receivedAt ?? null, t));
      return dueSignOuts(settled, (id) => byArea.get(id), t);
    });
    if (due === null) return null;
    let written = 0;
    for (let i = 0; i < due.length; i += BATCH)
      written += await db.transaction((tx) => writeAutoSignOuts(tx, entityId, due.slice(i, i + BATCH), t));
    const [settings] = await db
      .select({ days: privacySettings.scansRetentionDays })
      .from(privacySettings)
      .where(eq(privacySettings.entityId, entityId));
    const keepDays = settings?.days ?? DEFAULT_RETENTION.scansRetentionDays;
    await db
      .delete(remotePositions)
      .where(and(eq(remotePositions.entityId, entityId), lt(remotePositions.at, t - keepDays * DAY_MS)));
    return written;
  }

  /** Every company with open visits at auto sign-out areas (or positions to expire). */
  async function runOnce(): Promise<number> {
    const found = (await db.execute(sql`
      select distinct v.entity_id from visits v
      join areas a on a.entity_id = v.entity_id and a.id = v.area_id
      where v.out_event_id is null and a.auto_sign_out_mode in ('after 24 hours', 'at midnight')
      union select distinct entity_id from remote_positions`)) as unknown as { rows: Array<{ entity_id: string }> };
    let total = 0;
    for (const { entity_id } of found.rows) {
      const n = await runEntity(entity_id);
      if (n) {
        total += n;
        onChanged(entity_id);
      }
    }
    return total;
  }

  return {
    /** Runs the job now (one run at a time per instance); resolves with the sign-outs written. */
    run(): Promise<number> {
      if (!running) running = runOnce().finally(() => (running = null));
      return running;
    },
    start(intervalMs = AUTO_SIGN_OUT_INTERVAL_MS) {
      if (timer) return;
      timer = setInterval(() => void this.run().catch(() => undefined), intervalMs);
      timer.unref();
      void this.run().catch(() => undefined);
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
  };
}
export type AutoSignOutService = ReturnType<typeof autoSignOutService>;
