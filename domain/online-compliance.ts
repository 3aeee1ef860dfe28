// Online compliance (spec 2 §2 "/online-compliance"): the visitor answers the visit's form on a
// phone before arrival. Evaluation is the kiosk's (domain/compliance.ts); this adds the body and
// the check that the answers are the form's own questions, each once.
import * as v from 'valibot';
import { complianceAnswerItem, type ComplianceForm, type ComplianceAnswerItem } from './compliance';
import { DOCUMENT_FILE_MAX_CHARS } from './schemas/user-documents';

export const onlineComplianceBody = v.object({
  answers: v.pipe(
    v.array(complianceAnswerItem),
    v.minLength(1, 'validation.required'),
    v.maxLength(100, 'validation.too_long'),
  ),
  agreed: v.boolean('validation.required'),
});
export type OnlineComplianceBody = v.InferOutput<typeof onlineComplianceBody>;

/** Null when every answer names a question of the form and none twice; else the field error key. */
export function answersProblem(
  form: Pick<ComplianceForm, 'questions'>,
  answers: readonly ComplianceAnswerItem[],
): 'errors.compliance_unknown_question' | 'errors.compliance_duplicate_answer' | null {
  const known = new Set(form.questions.map((q) => q.id));
  const seen = new Set<string>();
  for (const a of answers) {
    if (!known.has(a.questionId)) return 'errors.compliance_unknown_question';
    if (seen.has(a.questionId)) return 'errors.compliance_duplicate_answer';
    seen.add(a.questionId);
  }
  return null;
}

/** A certificate the visitor sends from the visit's link before arriving (PDF, PNG or JPG). */
export const onlineCertificateBody = v.object({
  type: v.picklist(['covid_vaccine', 'pcr_test'], 'validation.required'),
  file: v.pipe(
    v.string('validation.document_file_required'),
    v.minLength(1, 'validation.document_file_required'),
    v.maxLength(DOCUMENT_FILE_MAX_CHARS, 'validation.document_file_too_big'),
  ),
});
export type OnlineCertificateBody = v.InferOutput<typeof onlineCertificateBody>;

/** How many certificates one visit's link may send: enough to correct a wrong picture. */
export const ONLINE_CERTIFICATES_MAX = 3;
