// The compliance (entry condition) form as an admin writes it (spec 1 §3 Compliance, §5
// "Compliance form"): one valibot schema for the builder's form and the server's REST body.
import * as v from 'valibot';
import { localizedTextSchema, type LocalizedText } from './localized-text';
import { userDocumentInput } from './schemas/user-documents';

/** Certificate protocols a form may accept (spec 1 §3), as wire values. */
export const COMPLIANCE_PROTOCOLS = ['eu_dcc', 'nhs', 'smart_health_card', 'nys_excelsior'] as const;
export type ComplianceProtocol = (typeof COMPLIANCE_PROTOCOLS)[number];

export const COMPLIANCE_NAME_MAX = 50;
export const COMPLIANCE_QUESTION_MAX = 300;
export const COMPLIANCE_TEXT_MAX = 2000;
export const COMPLIANCE_QUESTIONS_MAX = 50;
/** PCR validity days: numeric, at most 3 digits (spec 1 §5, §9). */
export const PCR_DAYS_MAX = 999;

const uuidLike = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const questionInput = v.pipe(
  v.object({
    /** Kept across edits so a version's answers still name their question; new ones get an id. */
    id: v.optional(v.pipe(v.string('validation.uuid'), v.regex(uuidLike, 'validation.uuid'))),
    text: localizedTextSchema(COMPLIANCE_QUESTION_MAX),
    // "At least one answer checked": each question names the answer that passes.
    desired: v.nullish(v.picklist(['yes', 'no'], 'validation.compliance_answer')),
  }),
  v.forward(
    v.check((q) => q.desired != null, 'validation.compliance_answer'),
    ['desired'],
  ),
  v.transform((q) => ({ ...q, desired: q.desired! })),
);

// Numbers or digit strings (a form's input sends text); blank means "not given".
const pcrDays = v.nullish(
  v.pipe(
    v.union(
      [v.number('validation.compliance_pcr_days'), v.pipe(v.string(), v.trim())],
      'validation.compliance_pcr_days',
    ),
    v.transform((x) => (typeof x === 'string' ? (x === '' ? null : /^\d+$/.test(x) ? Number(x) : NaN) : x)),
    v.check(
      (n) => n === null || (Number.isInteger(n) && n >= 1 && n <= PCR_DAYS_MAX),
      'validation.compliance_pcr_days',
    ),
  ),
  null,
);

export const complianceFormInput = v.pipe(
  v.object({
    /** The name visitors read above the questions, in each content language written. */
    name: localizedTextSchema(COMPLIANCE_NAME_MAX, 2),
    questions: v.pipe(
      v.array(questionInput, 'validation.compliance_question'),
      v.minLength(1, 'validation.compliance_question'),
      v.maxLength(COMPLIANCE_QUESTIONS_MAX, 'validation.too_long'),
    ),
    agreement_text: localizedTextSchema(COMPLIANCE_TEXT_MAX),
    statement: localizedTextSchema(COMPLIANCE_TEXT_MAX),
    document_required: v.optional(v.boolean('validation.required'), false),
    protocols: v.optional(
      v.pipe(
        v.array(v.picklist(COMPLIANCE_PROTOCOLS, 'validation.compliance_protocol')),
        v.maxLength(COMPLIANCE_PROTOCOLS.length, 'validation.compliance_protocol'),
      ),
      [],
    ),
    accept_negative_pcr: v.optional(v.boolean('validation.required'), false),
    pcr_valid_days: pcrDays,
  }),
  v.forward(
    v.check((f) => !f.document_required || f.protocols.length > 0, 'validation.compliance_protocol'),
    ['protocols'],
  ),
  v.forward(
    v.check((f) => !f.accept_negative_pcr || f.pcr_valid_days !== null, 'validation.compliance_pcr_days'),
    ['pcr_valid_days'],
  ),
);
export type ComplianceFormInput = v.InferInput<typeof complianceFormInput>;
export type ComplianceFormValues = v.InferOutput<typeof complianceFormInput>;

/** What the REST API answers for a form (spec names on the wire). */
export interface ComplianceFormWire {
  id: string;
  name: LocalizedText;
  version: number;
  questions: Array<{ id: string; text: LocalizedText; desired: 'yes' | 'no' }>;
  agreement_text: LocalizedText | null;
  statement: LocalizedText | null;
  document_required: boolean;
  protocols: ComplianceProtocol[];
  accept_negative_pcr: boolean;
  pcr_valid_days: number | null;
  /** Answers recorded per version, newest version first (list and detail). */
  versions: Array<{ version: number; answers: number }>;
}

/** A vaccine or test document uploaded for a form: the user document's fields (domain/schemas/
 * user-documents.ts) plus the file (a data URL or base64) and the compliance notes. */
export const complianceDocumentExtras = v.object({
  file: v.pipe(
    v.string('validation.document_file_required'),
    v.minLength(1, 'validation.document_file_required'),
    // 3 MB as base64 with a data-URL prefix; the decoded size is checked again on the server.
    v.maxLength(4_200_000, 'validation.document_file_too_big'),
  ),
  compliance_notes: v.optional(
    v.pipe(v.string('validation.required'), v.trim(), v.maxLength(500, 'validation.too_long')),
    '',
  ),
});

/** The upload's whole body: every field's problems are reported together. */
export const complianceDocumentInput = v.intersect([userDocumentInput, complianceDocumentExtras]);
