// Attendance codes of an integration (/attendance-codes/:integId/:integName): which
// directory code each attendance mode's on-time / late / early outcome and each reason becomes.
// Stored on the integration's write-back row; read by the timesheet (a row shows the mapped code)
// and by the write-back job (the mark it sends).
import { and, eq } from 'drizzle-orm';
import {
  attendanceCodesInput,
  CODE_SITUATIONS,
  directoryCodeOf,
  modeCodeKey,
  reasonCodeKey,
  type AttendanceCodesWire,
  type CodedMark,
} from '../../domain/attendance-codes';
import type { Db } from '../db/database';
import { attendanceModes, integrationWriteBack, integrations } from '../db/schema/index';
import { invalid } from '../http/api-error';
import type { RequestContext } from '../http/context';
import { parseOrThrow } from '../http/validate';

type Integration = typeof integrations.$inferSelect;
export type FindIntegration = (ctx: RequestContext, id: string) => Promise<Integration>;

/** The keys an outcome of this company may have: every mode's situations and every reason. */
async function knownKeys(db: Db, entityId: string) {
  const modes = await db
    .select()
    .from(attendanceModes)
    .where(eq(attendanceModes.entityId, entityId))
    .orderBy(attendanceModes.name);
  const keys = new Set<string>();
  for (const m of modes) {
    for (const s of CODE_SITUATIONS) keys.add(modeCodeKey(m.id, s));
    for (const r of m.reasons) keys.add(reasonCodeKey(r.id));
  }
  return { modes, keys };
}

export function attendanceCodesService(db: Db, find: FindIntegration) {
  async function stored(entityId: string, integrationId: string) {
    const [row] = await db
      .select()
      .from(integrationWriteBack)
      .where(and(eq(integrationWriteBack.entityId, entityId), eq(integrationWriteBack.id, integrationId)));
    return row;
  }

  return {
    async get(ctx: RequestContext, id: string): Promise<{ data: AttendanceCodesWire }> {
      const integ = await find(ctx, id);
      const [{ modes, keys }, row] = await Promise.all([knownKeys(db, ctx.entityId), stored(ctx.entityId, integ.id)]);
      const codes = Object.fromEntries(Object.entries(row?.attendanceCodes ?? {}).filter(([k]) => keys.has(k)));
      return {
        data: {
          modes: modes.map((m) => ({
            id: m.id,
            name: m.name,
            attendanceCode: m.attendanceCode,
            reasons: m.reasons.map((r) => ({
              id: r.id,
              name: r.name,
              type: r.type,
              attendanceCode: r.attendanceCode ?? null,
            })),
          })),
          codes,
        },
      };
    },

    /** The body is read only after the integration is found (another company's id → 404). */
    async put(ctx: RequestContext, id: string, body: unknown) {
      const integ = await find(ctx, id);
      const input = parseOrThrow(attendanceCodesInput, body);
      const { keys } = await knownKeys(db, ctx.entityId);
      const unknown = Object.keys(input.codes).filter((k) => !keys.has(k));
      if (unknown.length) throw invalid({ codes: ['integrationCodes.validation.key'] });
      const codes = Object.fromEntries(Object.entries(input.codes).filter(([, c]) => c !== ''));
      await db
        .insert(integrationWriteBack)
        .values({ entityId: ctx.entityId, id: integ.id, attendanceCodes: codes })
        .onConflictDoUpdate({
          target: [integrationWriteBack.entityId, integrationWriteBack.id],
          set: { attendanceCodes: codes },
        });
      return this.get(ctx, id);
    },
  };
}
export type AttendanceCodesService = ReturnType<typeof attendanceCodesService>;

/**
 * The directory code of a timesheet mark, for one company. A mode names its integration (its
 * `integration` field, by name or id); a mode that names none uses the one integration that
 * maps codes, when there is exactly one. Unmapped marks keep their Gatehouse code.
 */
export async function directoryCodesOf(db: Db, entityId: string) {
  const [rows, modes] = await Promise.all([
    db
      .select({ id: integrations.id, name: integrations.name, codes: integrationWriteBack.attendanceCodes })
      .from(integrationWriteBack)
      .innerJoin(
        integrations,
        and(eq(integrations.entityId, integrationWriteBack.entityId), eq(integrations.id, integrationWriteBack.id)),
      )
      .where(eq(integrationWriteBack.entityId, entityId)),
    db
      .select({ id: attendanceModes.id, integration: attendanceModes.integration })
      .from(attendanceModes)
      .where(eq(attendanceModes.entityId, entityId)),
  ]);
  const mapping = rows.filter((r) => Object.keys(r.codes).length > 0);
  const only = mapping.length === 1 ? mapping[0]! : null;
  const named = new Map(
    modes.map((m) => {
      const want = m.integration?.trim().toLowerCase();
      return [m.id, want ? mapping.find((r) => r.id === want || r.name.trim().toLowerCase() === want) : only];
    }),
  );
  return (mark: CodedMark): string | null => {
    const integ = named.get(mark.modeId);
    return integ ? directoryCodeOf(integ.codes, mark) : null;
  };
}
