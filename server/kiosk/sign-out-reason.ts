// The reason a kiosk sign-out names: reasons live inside the company's
// attendance modes, so an id that none of them holds (another company's, or made up) is refused
// like any other id of another company: not_found, and the sign-out is not written.
import { and, eq, sql } from 'drizzle-orm';
import { attendanceModes } from '../db/schema/kiosk-config';
import { notFound } from '../http/api-error';
import type { Executor } from '../sync/changes';

export async function mustBeCompanyReason(tx: Executor, entityId: string, reasonId: string | undefined) {
  if (reasonId === undefined) return;
  const [held] = await tx
    .select({ id: attendanceModes.id })
    .from(attendanceModes)
    .where(
      and(
        eq(attendanceModes.entityId, entityId),
        sql`${attendanceModes.reasons} @> ${JSON.stringify([{ id: reasonId }])}::jsonb`,
      ),
    )
    .limit(1);
  if (!held) throw notFound();
}
