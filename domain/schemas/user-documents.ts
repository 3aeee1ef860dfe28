// User documents (spec 1 §3 "Document upload fields" and "Document payload for vaccine or
// PCR"; spec 2 §7 POST /user_document, PUT /user_document/{id} with status).
import * as v from 'valibot';

export const USER_DOCUMENT_TYPES = ['covid_vaccine', 'pcr_test', 'antigen_test'] as const;
/** ACTIVE and INACTIVE are the toggle; DELETED removes the document from the profile. */
export const USER_DOCUMENT_STATUSES = ['ACTIVE', 'INACTIVE', 'DELETED'] as const;
export const DOCUMENT_DETAIL_FIELDS = [
  'vaccine_name',
  'vaccine_protocol',
  'batch_number',
  'vaccine_date_taken',
  'vaccine_expiry_date',
  'pcr_result',
  'pcr_date_taken',
  'document_notes',
] as const;

const uuid = v.pipe(v.string('validation.required'), v.uuid('validation.uuid'));
const isoDate = v.optional(
  v.pipe(v.string('validation.date'), v.trim(), v.regex(/^(\d{4}-\d{2}-\d{2})?$/, 'validation.date')),
  '',
);
const text = (max: number) =>
  v.optional(v.pipe(v.string('validation.required'), v.trim(), v.maxLength(max, 'validation.too_long')), '');

/** Characters of a 3 MB file as base64 with a data-URL prefix; the server checks the decoded
 * bytes and the content again (server/compliance/document-file.ts). */
export const DOCUMENT_FILE_MAX_CHARS = 4_200_000;

export const userDocumentInput = v.pipe(
  v.object({
    user_id: uuid,
    type: v.picklist(USER_DOCUMENT_TYPES, 'validation.required'),
    notes: text(500),
    start_date: isoDate,
    expiry_date: isoDate,
    /** The certificate's file (PDF, PNG or JPG) as a data URL or base64; blank means none. */
    file: v.optional(
      v.pipe(
        v.string('validation.document_file_required'),
        v.maxLength(DOCUMENT_FILE_MAX_CHARS, 'validation.document_file_too_big'),
      ),
    ),
    ...(Object.fromEntries(DOCUMENT_DETAIL_FIELDS.map((f) => [f, text(200)])) as Record<
      (typeof DOCUMENT_DETAIL_FIELDS)[number],
      ReturnType<typeof text>
    >),
  }),
  v.forward(
    v.check((d) => !d.start_date || !d.expiry_date || d.start_date <= d.expiry_date, 'validation.date_range'),
    ['expiry_date'],
  ),
);
export type UserDocumentInput = v.InferOutput<typeof userDocumentInput>;

export const userDocumentStatusInput = v.object({ status: v.picklist(USER_DOCUMENT_STATUSES, 'validation.required') });
