// Compliance forms in the database: the current form (compliance_forms, pulled by devices), its
// versions (compliance_form_versions) and how many answers each version has (compliance_answers).
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../sync/changes';
import { complianceAnswers } from '../db/schema/kiosk';
import { complianceForms } from '../db/schema/kiosk-config';
import { complianceFormVersions, type ComplianceVersionSnapshot } from '../db/schema/compliance';
import { journeyFlows } from '../db/schema/journeys';

export type FormRow = typeof complianceForms.$inferSelect;

export async function formById(db: Executor, entityId: string, id: string): Promise<FormRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await db
    .select()
    .from(complianceForms)
    .where(and(eq(complianceForms.entityId, entityId), eq(complianceForms.id, id)));
  return row ?? null;
}

export async function formsOf(db: Executor, entityId: string): Promise<FormRow[]> {
  return db
    .select()
    .from(complianceForms)
    .where(eq(complianceForms.entityId, entityId))
    .orderBy(asc(complianceForms.name), asc(complianceForms.id));
}

/** form id → version → answers recorded for it. */
export async function answerCounts(
  db: Executor,
  entityId: string,
  formId?: string,
): Promise<Map<string, Map<number, number>>> {
  const rows = await db
    .select({ formId: complianceAnswers.complianceId, version: complianceAnswers.complianceVersion, n: count() })
    .from(complianceAnswers)
    .where(
      formId
        ? and(eq(complianceAnswers.entityId, entityId), eq(complianceAnswers.complianceId, formId))
        : eq(complianceAnswers.entityId, entityId),
    )
    .groupBy(complianceAnswers.complianceId, complianceAnswers.complianceVersion);
  const out = new Map<string, Map<number, number>>();
  for (const r of rows) {
    const byVersion = out.get(r.formId) ?? out.set(r.formId, new Map()).get(r.formId)!;
    byVersion.set(Number(r.version), Number(r.n));
  }
  return out;
}

export const snapshotOf = (f: FormRow): ComplianceVersionSnapshot => ({
  name: f.name,
  questions: f.questions,
  agreementText: f.agreementText ?? null,
  statement: f.statement ?? null,
  documentRequired: f.documentRequired,
  protocols: f.protocols,
  acceptNegativePcr: f.acceptNegativePcr,
  pcrValidDays: f.pcrValidDays ?? null,
});

/** Records (or, for a version nobody answered yet, rewrites) what a version asks. */
export async function saveVersion(db: Executor, f: FormRow, id: string, at: Date): Promise<void> {
  await db
    .insert(complianceFormVersions)
    .values({ entityId: f.entityId, id, formId: f.id, version: f.version, snapshot: snapshotOf(f), createdAt: at })
    .onConflictDoUpdate({
      target: [complianceFormVersions.entityId, complianceFormVersions.formId, complianceFormVersions.version],
      set: { snapshot: snapshotOf(f) },
    });
}

/** What an earlier version asked (the kiosk answers the version it started with); null if unknown. */
export async function versionOf(
  db: Executor,
  entityId: string,
  formId: string,
  version: number,
): Promise<ComplianceVersionSnapshot | null> {
  const [row] = await db
    .select({ snapshot: complianceFormVersions.snapshot })
    .from(complianceFormVersions)
    .where(
      and(
        eq(complianceFormVersions.entityId, entityId),
        eq(complianceFormVersions.formId, formId),
        eq(complianceFormVersions.version, version),
      ),
    );
  return row?.snapshot ?? null;
}

/** Names of the journey flows that ask this form (a form in use cannot be deleted). */
export async function flowsUsing(db: Executor, entityId: string, formId: string): Promise<string[]> {
  const rows = await db
    .select({ name: journeyFlows.name })
    .from(journeyFlows)
    .where(and(eq(journeyFlows.entityId, entityId), sql`${journeyFlows.settings}->>'compliance_id' = ${formId}`));
  return rows.map((r) => String(r.name));
}

/** The form as the version a device answered asked it (a kiosk mid-journey keeps the version it
 * started with); the current form when that version is the current one or was never recorded. */
export async function formAsAnswered(db: Executor, form: FormRow, version: number): Promise<FormRow> {
  if (version === form.version) return form;
  const asked = await versionOf(db, form.entityId, form.id, version);
  return asked ? { ...form, ...asked, version } : form;
}
