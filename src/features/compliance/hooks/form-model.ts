// The builder's editable state and its conversions to and from the REST shape
// (domain/compliance-form.ts). Texts are edited per content language.
import { CONTENT_LANGUAGES, type LocalizedText } from '../../../../domain/localized-text';
import type { ComplianceFormInput, ComplianceFormWire } from '../../../../domain/compliance-form';

export type Texts = Record<(typeof CONTENT_LANGUAGES)[number], string>;
export interface QuestionDraft {
  /** Stable key for React; the server's id once saved. */
  key: string;
  id?: string;
  text: Texts;
  desired: 'yes' | 'no' | null;
}
export interface FormDraft {
  name: Texts;
  questions: QuestionDraft[];
  agreement: Texts;
  statement: Texts;
  documentRequired: boolean;
  protocols: string[];
  acceptNegativePcr: boolean;
  pcrValidDays: string;
}

export const emptyTexts = (): Texts => ({ en: '', ar: '', es: '' });
let counter = 0;
export const newQuestion = (): QuestionDraft => ({
  key: `q${Date.now()}-${++counter}`,
  text: emptyTexts(),
  desired: null,
});

export const emptyDraft = (): FormDraft => ({
  name: emptyTexts(),
  questions: [newQuestion()],
  agreement: emptyTexts(),
  statement: emptyTexts(),
  documentRequired: false,
  protocols: [],
  acceptNegativePcr: false,
  pcrValidDays: '',
});

/** A stored text as per-language inputs; a plain string is the company default language's. */
export function textsOf(text: LocalizedText | null | undefined, defaultLanguage = 'en'): Texts {
  const out = emptyTexts();
  if (typeof text === 'string') out[defaultLanguage as keyof Texts] = text;
  else if (text) for (const l of CONTENT_LANGUAGES) out[l] = text[l] ?? '';
  return out;
}

/** Only the languages written travel. */
const written = (t: Texts): Partial<Texts> =>
  Object.fromEntries(Object.entries(t).filter(([, x]) => x.trim() !== '')) as Partial<Texts>;

export function draftOf(form: ComplianceFormWire): FormDraft {
  return {
    name: textsOf(form.name),
    questions: form.questions.map((q) => ({ key: q.id, id: q.id, text: textsOf(q.text), desired: q.desired })),
    agreement: textsOf(form.agreement_text),
    statement: textsOf(form.statement),
    documentRequired: form.document_required,
    protocols: [...form.protocols],
    acceptNegativePcr: form.accept_negative_pcr,
    pcrValidDays: form.pcr_valid_days == null ? '' : String(form.pcr_valid_days),
  };
}

export function payloadOf(d: FormDraft): ComplianceFormInput {
  return {
    name: written(d.name),
    questions: d.questions.map((q) => ({
      ...(q.id ? { id: q.id } : {}),
      text: written(q.text),
      desired: q.desired,
    })),
    agreement_text: written(d.agreement),
    statement: written(d.statement),
    document_required: d.documentRequired,
    protocols: d.documentRequired ? (d.protocols as ComplianceFormInput['protocols']) : [],
    accept_negative_pcr: d.acceptNegativePcr,
    pcr_valid_days: d.acceptNegativePcr ? d.pcrValidDays : null,
  };
}
