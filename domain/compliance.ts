// Compliance (entry condition) evaluation and frequency windows (spec 1 §3, §4, §5).
import * as v from 'valibot';
import { NOTES_MIN } from './constants';
import { textIn, type LocalizedText } from './localized-text';

export const COMPLIANCE_FREQUENCIES = [
  'every time',
  'daily',
  'weekly',
  'monthly',
  'valid until expiry',
  'one-off',
] as const;
export type ComplianceFrequency = (typeof COMPLIANCE_FREQUENCIES)[number];

/** Stored content text: a plain string (company default language) or one text per language. */
const localizedValue = v.union([v.string(), v.record(v.string(), v.string())]) as v.GenericSchema<LocalizedText>;

export const complianceQuestion = v.object({
  id: v.string(),
  text: localizedValue,
  /** The answer that passes: 'yes' (positive) or 'no' (negative). */
  desired: v.picklist(['yes', 'no']),
});
export type ComplianceQuestion = v.InferOutput<typeof complianceQuestion>;

/** A compliance form as devices hold it (the sync catalogue's `complianceForms` row). */
export const complianceForm = v.object({
  id: v.string(),
  name: localizedValue,
  version: v.number(),
  questions: v.array(complianceQuestion),
  agreementText: v.nullable(localizedValue),
  statement: v.nullable(localizedValue),
  /** Documents (vaccine or test) bound to the user profile are required, in these protocols. */
  documentRequired: v.boolean(),
  protocols: v.array(v.string()),
  acceptNegativePcr: v.boolean(),
  pcrValidDays: v.nullable(v.number()),
});
export type ComplianceForm = v.InferOutput<typeof complianceForm>;

export const complianceAnswerItem = v.object({
  questionId: v.string(),
  answer: v.picklist(['yes', 'no']),
  notes: v.optional(v.pipe(v.string(), v.maxLength(1000))),
});
export type ComplianceAnswerItem = v.InferOutput<typeof complianceAnswerItem>;

export type QuestionStatus = 'success' | 'failed';
export type ComplianceOutcome = 'passed' | 'wrong_explained' | 'failed';

export interface ComplianceEvaluation {
  outcome: ComplianceOutcome;
  /** Spec "isWrong": some answer differs from the desired one. */
  isWrong: boolean;
  questions: Array<{
    questionId: string;
    status: QuestionStatus;
    wrong: boolean;
    code?: 'compliance.notes_too_short' | 'compliance.unanswered';
  }>;
  agreementMissing: boolean;
}

const notesLongEnough = (notes: string | undefined) => (notes ?? '').trim().length >= NOTES_MIN;

/** A wrong answer needs notes of at least 20 characters, otherwise that question fails. */
export function evaluateCompliance(
  form: Pick<ComplianceForm, 'questions' | 'agreementText'>,
  answers: readonly ComplianceAnswerItem[],
  agreed: boolean,
): ComplianceEvaluation {
  const byId = new Map(answers.map((a) => [a.questionId, a]));
  const questions = form.questions.map((q) => {
    const a = byId.get(q.id);
    if (!a)
      return { questionId: q.id, status: 'failed' as const, wrong: false, code: 'compliance.unanswered' as const };
    const wrong = a.answer !== q.desired;
    if (wrong && !notesLongEnough(a.notes))
      return { questionId: q.id, status: 'failed' as const, wrong, code: 'compliance.notes_too_short' as const };
    return { questionId: q.id, status: 'success' as const, wrong };
  });
  const agreementMissing = Boolean(textIn(form.agreementText, 'en').trim()) && !agreed;
  const isWrong = questions.some((q) => q.wrong);
  const failed = agreementMissing || questions.some((q) => q.status === 'failed');
  return { outcome: failed ? 'failed' : isWrong ? 'wrong_explained' : 'passed', isWrong, questions, agreementMissing };
}

const DAY = 86_400_000;

/** Start of the local day / Monday week / month that contains `at`, for a fixed UTC offset. */
function periodStart(frequency: 'daily' | 'weekly' | 'monthly', at: number, offsetMinutes: number): number {
  const shift = offsetMinutes * 60_000;
  const local = new Date(at + shift);
  const day = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  if (frequency === 'daily') return day - shift;
  if (frequency === 'weekly') return day - ((local.getUTCDay() + 6) % 7) * DAY - shift; // weeks start on Monday (spec 1 §5)
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - shift;
}

export interface PassedCompliance {
  at: number;
  expiresAt?: number | null;
}

/** Whether the form must be answered now, or a pass within its period still holds. */
export function complianceDue(
  frequency: ComplianceFrequency,
  lastPassed: PassedCompliance | null,
  now: number,
  offsetMinutes = 0,
): boolean {
  if (frequency === 'every time' || !lastPassed) return true;
  if (frequency === 'one-off') return false;
  if (frequency === 'valid until expiry') return lastPassed.expiresAt == null || lastPassed.expiresAt <= now;
  return lastPassed.at < periodStart(frequency, now, offsetMinutes);
}
