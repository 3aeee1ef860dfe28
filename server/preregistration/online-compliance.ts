// /online-compliance on the server: the visit's compliance form for its random url (no login:
// the 128-bit url is the secret, as for /c/{visitUrl}), and the visitor's answers recorded
// in compliance_answers — the kiosk's table — so a kiosk pulls the pass and skips the form
// within its compliance frequency.
import { and, desc, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { complianceDue, evaluateCompliance } from '../../domain/compliance';
import { readFlowSettings } from '../../domain/journey';
import {
  answersProblem,
  ONLINE_CERTIFICATES_MAX,
  type OnlineCertificateBody,
  type OnlineComplianceBody,
} from '../../domain/online-compliance';
import { visitMetadataOf } from '../../domain/preregistration-visit';
import type { Db } from '../db/database';
import { journeyFlows } from '../db/schema/journeys';
import { complianceAnswers } from '../db/schema/kiosk';
import { complianceForms } from '../db/schema/kiosk-config';
import { checkDocumentFile } from '../compliance/document-file';
import { userDocuments } from '../db/schema/user-documents';
import { ApiError, invalid, notFound } from '../http/api-error';
import { keepVisitorCertificate } from '../people/visitor-certificate';
import type { ChangeInput } from '../sync/changes';
import { rowChange } from '../kiosk/kiosk.projections';
import { graceOf, visitByUrl, withFeed } from './visits.repo';

export function onlineComplianceService(db: Db, now: () => number) {
  async function load(visitUrl: string) {
    const visit = await visitByUrl(db, visitUrl);
    // A held visit (visit-hold.ts) records nothing in the named person's name until they confirm.
    if (!visit || visit.status === 'held') throw notFound();
    const meta = visitMetadataOf(
      { ...visit, graceMinutes: await graceOf(db, visit.entityId, visit.userTypeId) },
      now(),
    );
    const [flow] = visit.journeyFlowId
      ? await db
          .select()
          .from(journeyFlows)
          .where(and(eq(journeyFlows.entityId, visit.entityId), eq(journeyFlows.id, visit.journeyFlowId)))
      : [];
    const settings = readFlowSettings(flow?.settings ?? {});
    const [form] =
      settings.compliance_id && /^[0-9a-f-]{36}$/i.test(settings.compliance_id)
        ? await db
            .select()
            .from(complianceForms)
            .where(and(eq(complianceForms.entityId, visit.entityId), eq(complianceForms.id, settings.compliance_id)))
        : [];
    return { visit, meta, form, frequency: settings.compliance_frequency };
  }
  async function lastPass(entityId: string, personId: string, formId: string) {
    const [row] = await db
      .select({ at: complianceAnswers.at })
      .from(complianceAnswers)
      .where(
        and(
          eq(complianceAnswers.entityId, entityId),
          eq(complianceAnswers.personId, personId),
          eq(complianceAnswers.complianceId, formId),
          eq(complianceAnswers.outcome, 'passed'),
        ),
      )
      .orderBy(desc(complianceAnswers.at))
      .limit(1);
    return row ?? null;
  }

  /** The certificates this visit's link has sent (visitor documents naming the visit). */
  async function sentFor(entityId: string, visitId: string): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(userDocuments)
      .where(and(eq(userDocuments.entityId, entityId), sql`${userDocuments.details}->>'visit_id' = ${visitId}`));
    return Number(row?.n ?? 0);
  }

  return {
    /** The form to answer, or due=false when a pass within its frequency already holds. */
    async onlineCompliance(visitUrl: string, tzOffset: number) {
      const { visit, meta, form, frequency } = await load(visitUrl);
      const last = form ? await lastPass(visit.entityId, visit.personId, form.id) : null;
      return {
        visitMetadata: meta,
        frequency,
        due: form ? complianceDue(frequency, last, now(), -tzOffset) : false,
        form: form
          ? {
              id: form.id,
              name: form.name,
              version: form.version,
              questions: form.questions,
              agreementText: form.agreementText,
              statement: form.statement,
              documentRequired: form.documentRequired,
            }
          : null,
        certificatesSent: form?.documentRequired ? await sentFor(visit.entityId, visit.id) : 0,
      };
    },

    /**
     * A certificate sent from the visit's link (server/people/visitor-certificate.ts): on the
     * visitor's profile switched off, for reception to check when they arrive. Only while the
     * link is valid, for a form that asks for one, a few per visit.
     */
    async attachCertificate(visitUrl: string, b: OnlineCertificateBody) {
      const { visit, meta, form } = await load(visitUrl);
      if (meta.is_expired) throw new ApiError(409, 'link_expired');
      if (!form?.documentRequired) throw notFound();
      if ((await sentFor(visit.entityId, visit.id)) >= ONLINE_CERTIFICATES_MAX)
        throw new ApiError(429, 'too_many_requests');
      const file = await checkDocumentFile(b.file);
      const documentId = uuidv7();
      await withFeed(db, visit.entityId, async (tx) => {
        const changes: ChangeInput[] = [];
        await keepVisitorCertificate(tx, (c) => changes.push(c), {
          entityId: visit.entityId,
          documentId,
          personId: visit.personId,
          complianceId: form.id,
          type: b.type,
          file,
          at: now(),
          visitId: visit.id,
        });
        return { result: null, changes };
      });
      return { id: documentId, type: b.type, certificates_sent: await sentFor(visit.entityId, visit.id) };
    },

    async answerOnlineCompliance(visitUrl: string, b: OnlineComplianceBody) {
      const { visit, meta, form } = await load(visitUrl);
      if (meta.is_expired) throw new ApiError(409, 'link_expired');
      if (!form) throw notFound();
      const problem = answersProblem(form, b.answers);
      if (problem) throw invalid({ answers: [problem] });
      const result = evaluateCompliance(form, b.answers, b.agreed);
      await withFeed(db, visit.entityId, async (tx) => {
        const [row] = await tx
          .insert(complianceAnswers)
          .values({
            entityId: visit.entityId,
            id: uuidv7(),
            personId: visit.personId,
            complianceId: form.id,
            complianceVersion: form.version,
            answers: b.answers,
            outcome: result.outcome,
            isWrong: result.isWrong,
            visitId: visit.id,
            areaId: visit.areaId,
            userTypeId: visit.userTypeId,
            at: now(),
          })
          .returning();
        return { result: null, changes: [rowChange('complianceAnswers', row!)] };
      });
      return { outcome: result.outcome, questions: result.questions, agreement_missing: result.agreementMissing };
    },
  };
}
