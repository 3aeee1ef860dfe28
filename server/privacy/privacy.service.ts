// Privacy manager: a company's retention settings (version-checked, so two admins
// never silently overwrite each other) and the record of the retention job's runs.
import { desc, eq } from 'drizzle-orm';
import { DEFAULT_RETENTION, type PrivacyInput } from '../../domain/retention';
import type { Db } from '../db/database';
import { privacySettings, retentionRuns } from '../db/schema/privacy';
import { ApiError } from '../http/api-error';
import type { RequestContext } from '../http/context';
import type { Executor } from '../sync/changes';

const RUNS_SHOWN = 10;

/** The company's settings, or the defaults (version 0) until it saves its own. */
export async function settingsOf(ex: Executor, entityId: string) {
  const [row] = await ex.select().from(privacySettings).where(eq(privacySettings.entityId, entityId));
  return row ?? { ...DEFAULT_RETENTION, version: 0, updatedAt: null, updatedBy: null };
}

const runWire = (r: typeof retentionRuns.$inferSelect) => ({
  id: r.id,
  ran_at: r.ranAt,
  data_cutoff: r.dataCutoff,
  scans_cutoff: r.scansCutoff,
  removed: r.removed,
});

export function privacyService(db: Db, now: () => number) {
  async function view(entityId: string) {
    const s = await settingsOf(db, entityId);
    const runs = await db
      .select()
      .from(retentionRuns)
      .where(eq(retentionRuns.entityId, entityId))
      .orderBy(desc(retentionRuns.ranAt))
      .limit(RUNS_SHOWN);
    return {
      data_retention_days: s.dataRetentionDays,
      scans_retention_days: s.scansRetentionDays,
      version: s.version,
      updated_at: s.updatedAt,
      last_run: runs[0] ? runWire(runs[0]) : null,
      runs: runs.map(runWire),
    };
  }

  return {
    get: (ctx: RequestContext) => view(ctx.entityId),

    async update(ctx: RequestContext, input: PrivacyInput) {
      await db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(privacySettings)
          .where(eq(privacySettings.entityId, ctx.entityId))
          .for('update');
        const version = current?.version ?? 0;
        if (input.version !== undefined && input.version !== version) throw new ApiError(409, 'version_conflict');
        const values = {
          dataRetentionDays: input.data_retention_days,
          scansRetentionDays: input.scans_retention_days,
          version: version + 1,
          updatedBy: ctx.userId,
          updatedAt: now(),
        };
        // Two first saves racing: the insert of one conflicts and becomes a version conflict.
        if (!current) {
          const made = await tx
            .insert(privacySettings)
            .values({ entityId: ctx.entityId, ...values })
            .onConflictDoNothing()
            .returning();
          if (!made.length) throw new ApiError(409, 'version_conflict');
        } else await tx.update(privacySettings).set(values).where(eq(privacySettings.entityId, ctx.entityId));
      });
      return view(ctx.entityId);
    },
  };
}
export type PrivacyService = ReturnType<typeof privacyService>;
