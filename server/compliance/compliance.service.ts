// Compliance forms (spec 1 §3 Compliance, §5): list with answers per version, read, create,
// update (a form that has answers gets a new version; answers keep theirs), delete. Every write
// and its change for devices commit together; another company's id is a 404 before anything else.
import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { ComplianceFormValues, ComplianceFormWire, ComplianceProtocol } from '../../domain/compliance-form';
import type { Db } from '../db/database';
import { complianceForms } from '../db/schema/kiosk-config';
import { ApiError, notFound } from '../http/api-error';
import { assertAllowed, type RequestContext } from '../http/context';
import { rowChange } from '../kiosk/kiosk.projections';
import { feedChanges } from '../sync/changes';
import { answerCounts, flowsUsing, formById, formsOf, saveVersion, type FormRow } from './compliance.repo';

const toWire = (f: FormRow, counts: Map<number, number> | undefined): ComplianceFormWire => ({
  id: f.id,
  name: f.name,
  version: f.version,
  questions: f.questions,
  agreement_text: f.agreementText ?? null,
  statement: f.statement ?? null,
  document_required: f.documentRequired,
  protocols: f.protocols as ComplianceProtocol[],
  accept_negative_pcr: f.acceptNegativePcr,
  pcr_valid_days: f.pcrValidDays ?? null,
  // Every version from the current one down, so a version nobody answered shows 0.
  versions: Array.from({ length: f.version }, (_, i) => f.version - i).map((version) => ({
    version,
    answers: counts?.get(version) ?? 0,
  })),
});

/** The columns an input sets; question ids are kept so answers still name their question. */
const columnsOf = (input: ComplianceFormValues) => ({
  name: input.name,
  questions: input.questions.map((q) => ({ id: q.id ?? uuidv7(), text: q.text, desired: q.desired })),
  agreementText: input.agreement_text,
  statement: input.statement,
  documentRequired: input.document_required,
  protocols: input.document_required ? [...new Set(input.protocols)] : [],
  acceptNegativePcr: input.accept_negative_pcr,
  pcrValidDays: input.accept_negative_pcr ? input.pcr_valid_days : null,
});

export function complianceService(db: Db, now: () => number, onChanged: (entityId: string) => void) {
  async function mustFind(ctx: RequestContext, id: string) {
    const form = await formById(db, ctx.entityId, id);
    if (!form) throw notFound();
    return form;
  }
  const change = (f: FormRow) => rowChange('complianceForms', f, f.version);

  return {
    async list(ctx: RequestContext) {
      const [forms, counts] = await Promise.all([formsOf(db, ctx.entityId), answerCounts(db, ctx.entityId)]);
      return forms.map((f) => toWire(f, counts.get(f.id)));
    },

    async get(ctx: RequestContext, id: string) {
      const form = await mustFind(ctx, id);
      assertAllowed(ctx, 'show_compliance_list');
      return toWire(form, (await answerCounts(db, ctx.entityId, id)).get(id));
    },

    async create(ctx: RequestContext, input: ComplianceFormValues) {
      const at = new Date(now());
      const form = await db.transaction(async (tx) => {
        const [made] = await tx
          .insert(complianceForms)
          .values({ entityId: ctx.entityId, id: uuidv7(), version: 1, ...columnsOf(input) })
          .returning();
        await saveVersion(tx, made!, uuidv7(), at);
        await feedChanges(tx, ctx.entityId, [change(made!)]);
        return made!;
      });
      onChanged(ctx.entityId);
      return toWire(form, undefined);
    },

    /** Looks the form up before reading the body, so another company's id is a 404. */
    async update(ctx: RequestContext, id: string, parse: () => ComplianceFormValues) {
      await mustFind(ctx, id);
      assertAllowed(ctx, 'edit_compliance');
      const input = parse();
      const at = new Date(now());
      const form = await db.transaction(async (tx) => {
        // Under the row lock, so two saves cannot both decide "no answers yet".
        const [current] = await tx
          .select()
          .from(complianceForms)
          .where(and(eq(complianceForms.entityId, ctx.entityId), eq(complianceForms.id, id)))
          .for('update');
        if (!current) throw notFound();
        // Forms written before versions were kept (the demo seed) get their asked version recorded.
        await saveVersion(tx, current, uuidv7(), at);
        const answered = (await answerCounts(tx, ctx.entityId, id)).get(id)?.get(current.version) ?? 0;
        const version = answered > 0 ? current.version + 1 : current.version;
        const [saved] = await tx
          .update(complianceForms)
          .set({ version, ...columnsOf(input) })
          .where(and(eq(complianceForms.entityId, ctx.entityId), eq(complianceForms.id, id)))
          .returning();
        await saveVersion(tx, saved!, uuidv7(), at);
        await feedChanges(tx, ctx.entityId, [change(saved!)]);
        return saved!;
      });
      onChanged(ctx.entityId);
      return toWire(form, (await answerCounts(db, ctx.entityId, id)).get(id));
    },

    /** A form a journey flow asks cannot be deleted; say which flows. Answers stay as history. */
    async remove(ctx: RequestContext, id: string) {
      const form = await mustFind(ctx, id);
      assertAllowed(ctx, 'edit_compliance');
      const flows = await flowsUsing(db, ctx.entityId, id);
      if (flows.length) throw new ApiError(409, 'compliance_in_use', undefined, { flows: flows.join(', ') });
      await db.transaction(async (tx) => {
        await tx
          .delete(complianceForms)
          .where(and(eq(complianceForms.entityId, ctx.entityId), eq(complianceForms.id, id)));
        await feedChanges(tx, ctx.entityId, [
          { table: 'complianceForms', id, op: 'del', version: form.version, data: null },
        ]);
      });
      onChanged(ctx.entityId);
      return { id };
    },
  };
}
export type ComplianceService = ReturnType<typeof complianceService>;
