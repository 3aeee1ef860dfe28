// What an integration writes back to its directory (/write-back): the settings, the
// ledger's counts, the last run's time and error, and "write back now". Every call finds the
// caller's integration first (another company's id → 404, the `integration` permission).
import { and, eq, sql } from 'drizzle-orm';
import { writeBackInput, type WriteBackWire } from '../../domain/attendance-codes';
import type { Db } from '../db/database';
import { integrationWriteBack, integrationWriteBackMarks } from '../db/schema/index';
import type { RequestContext } from '../http/context';
import { parseOrThrow } from '../http/validate';
import type { FindIntegration } from './attendance-codes';
import type { ClientFactory, CredentialsBox } from './directory-access';
import type { WriteBackJob } from './write-back';

export function writeBackService(
  db: Db,
  find: FindIntegration,
  box: CredentialsBox,
  clientFor: ClientFactory,
  job: WriteBackJob,
) {
  function supported(credentials: string): boolean {
    try {
      return typeof clientFor(box.open(credentials), {}).writeBack === 'function';
    } catch {
      return false;
    }
  }

  async function wire(ctx: RequestContext, id: string): Promise<WriteBackWire> {
    const integ = await find(ctx, id);
    const [[row], counts] = await Promise.all([
      db
        .select()
        .from(integrationWriteBack)
        .where(and(eq(integrationWriteBack.entityId, ctx.entityId), eq(integrationWriteBack.id, integ.id))),
      db
        .select({ state: integrationWriteBackMarks.state, n: sql<number>`count(*)::int` })
        .from(integrationWriteBackMarks)
        .where(
          and(
            eq(integrationWriteBackMarks.entityId, ctx.entityId),
            eq(integrationWriteBackMarks.integrationId, integ.id),
          ),
        )
        .groupBy(integrationWriteBackMarks.state),
    ]);
    const count = (state: string) => Number(counts.find((c) => c.state === state)?.n ?? 0);
    return {
      supported: supported(integ.credentials),
      attendance: row?.attendance ?? false,
      comments: row?.comments ?? false,
      sent: count('sent'),
      pending: count('pending'),
      lastRunAt: row?.lastRunAt?.toISOString() ?? null,
      lastError: row?.lastError ?? null,
    };
  }

  return {
    async get(ctx: RequestContext, id: string) {
      return { data: await wire(ctx, id) };
    },
    /** The body is read only after the integration is found (another company's id → 404). */
    async put(ctx: RequestContext, id: string, body: unknown) {
      const integ = await find(ctx, id);
      const input = parseOrThrow(writeBackInput, body);
      await db
        .insert(integrationWriteBack)
        .values({ entityId: ctx.entityId, id: integ.id, attendance: input.attendance, comments: input.comments })
        .onConflictDoUpdate({
          target: [integrationWriteBack.entityId, integrationWriteBack.id],
          set: { attendance: input.attendance, comments: input.comments },
        });
      return { data: await wire(ctx, id) };
    },
    /** Runs the job now and answers when it is done (null `sent`: off, or already running). */
    async run(ctx: RequestContext, id: string) {
      const integ = await find(ctx, id);
      const result = await job.run(ctx.entityId, integ.id);
      return { data: { ...(await wire(ctx, id)), ran: result !== null, sentNow: result?.sent ?? 0 } };
    },
  };
}
export type WriteBackService = ReturnType<typeof writeBackService>;
