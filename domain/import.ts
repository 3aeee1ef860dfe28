// User import (spec 1 §3 "Import", §5 "Files" and "Contact", §6): the file's columns,
// what a file is by its first bytes, and every rule a row must pass. The import worker (the
// grid) and the server's job run the same checks, so the grid shows exactly what the server
// will skip. Messages are i18n keys.
import * as v from 'valibot';
import { photoNameProblem } from './import-photos';
import { inScope } from './mass-action';
import { email } from './schemas/auth';
import { phone } from './schemas/people';

export const IMPORT_COLUMNS = [
  'full_name',
  'email',
  'phone',
  'country_code',
  'user_type',
  'rfid',
  'external_id',
  'photo',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
export type ImportRow = Record<ImportColumn, string>;

/** Spec 1 §5 / §9: an import spreadsheet is at most 2 MB. */
export const IMPORT_FILE_MAX_BYTES = 2 * 1024 * 1024;
/** More rows than this is not one import (the server refuses the request). */
export const IMPORT_ROWS_MAX = 10_000;

export type SniffedKind = 'xlsx' | 'xls' | 'text' | 'unknown';

function containsAscii(bytes: Uint8Array, needle: string): boolean {
  const codes = [...needle].map((c) => c.charCodeAt(0));
  outer: for (let i = 0; i + codes.length <= bytes.length; i++) {
    for (let j = 0; j < codes.length; j++) if (bytes[i + j] !== codes[j]) continue outer;
    return true;
  }
  return false;
}

/**
 * What a file is by its content, not its name: an xlsx is a zip (PK\x03\x04) holding
 * xl/workbook.xml; an old .xls is an OLE compound file; a CSV renamed .xlsx is plain text.
 */
export function sniffSpreadsheet(bytes: Uint8Array): SniffedKind {
  const starts = (sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts([0x50, 0x4b, 0x03, 0x04])) {
    // The zip's central directory names its parts; a spreadsheet has xl/workbook.xml.
    return containsAscii(bytes, 'xl/workbook.xml') ? 'xlsx' : 'unknown';
  }
  if (starts([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'xls';
  const head = bytes.subarray(0, 512);
  const printable = head.every((b) => b === 9 || b === 10 || b === 13 || b >= 32);
  return head.length > 0 && printable ? 'text' : 'unknown';
}

/** The message for a refused file (null: the file is a spreadsheet we read). */
export function fileProblem(kind: SniffedKind, size: number): string | null {
  if (size > IMPORT_FILE_MAX_BYTES) return 'import.fileProblems.tooBig';
  if (kind === 'xls') return 'import.fileProblems.xls';
  if (kind === 'text') return 'import.fileProblems.text';
  if (kind !== 'xlsx') return 'import.fileProblems.notXlsx';
  return null;
}

const text = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max, 'validation.too_long'));
const cellSchemas: Record<ImportColumn, v.GenericSchema<string, unknown>> = {
  full_name: v.pipe(
    v.string('validation.required'),
    v.trim(),
    v.nonEmpty('validation.required'),
    v.minLength(2, 'validation.too_short'),
    v.maxLength(50, 'validation.too_long'),
  ),
  email,
  phone,
  country_code: v.pipe(v.string(), v.trim(), v.regex(/^\+?\d{0,4}$/, 'validation.country_code')),
  user_type: v.pipe(v.string('validation.required'), v.trim(), v.nonEmpty('validation.required')),
  rfid: text(30),
  external_id: text(64),
  // The photo's file name in the zip (empty: the zip's file named after the external id, if any).
  photo: v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(200, 'validation.too_long'),
    v.rawCheck(({ dataset, addIssue }) => {
      const problem = dataset.typed && dataset.value ? photoNameProblem(dataset.value) : null;
      if (problem) addIssue({ message: problem });
    }),
  ),
};

/** A row as sent to the server: every column a string (missing ones empty). */
const cell = v.optional(v.pipe(v.string(), v.maxLength(500, 'validation.too_long')), '');
export const importRowSchema = v.object({
  full_name: cell,
  email: cell,
  phone: cell,
  country_code: cell,
  user_type: cell,
  rfid: cell,
  external_id: cell,
  photo: cell,
});

export const importRequest = v.object({
  file_name: v.pipe(v.string('validation.required'), v.trim(), v.nonEmpty('validation.required'), v.maxLength(200)),
  rows: v.pipe(
    v.array(v.object({ row_no: v.pipe(v.number(), v.integer(), v.minValue(1)), data: importRowSchema })),
    v.minLength(1, 'import.noRows'),
    v.maxLength(IMPORT_ROWS_MAX, 'validation.too_long'),
    // Each row keeps its spreadsheet number: the details page and the reasons refer to it.
    v.check((rows) => new Set(rows.map((r) => r.row_no)).size === rows.length, 'import.problems.duplicateInFile'),
  ),
});
export type ImportRequest = v.InferOutput<typeof importRequest>;

export const importCheckRequest = v.object({ rows: importRequest.entries.rows });

/** What the company already holds that a row's checks need. */
export interface ImportFacts {
  userTypes: Array<{ id: string; name: string }>;
  /** The importing admin's user types (null: all of them; spec 1 §6). */
  allowedUserTypeIds: readonly string[] | null;
  people: Array<{ id: string; email: string; phone: string | null; externalId: string | null; rfid: string | null }>;
}

export interface RowCheck {
  errors: Partial<Record<ImportColumn, string>>;
  /** The person this row updates (email, then phone, then external id), or null for a new one. */
  matchId: string | null;
  userTypeId: string | null;
}

export const normalRow = (row: Partial<ImportRow>): ImportRow =>
  Object.fromEntries(IMPORT_COLUMNS.map((c) => [c, String(row[c] ?? '').trim()])) as ImportRow;
const key = (c: ImportColumn, value: string) => (c === 'email' ? value.toLowerCase() : value);
const UNIQUE: ImportColumn[] = ['email', 'phone', 'rfid', 'external_id'];

/** Every row's problems, beside the cell they belong to. */
export function checkRows(rows: readonly ImportRow[], facts: ImportFacts): RowCheck[] {
  const seen = new Map<string, number>();
  for (const r of rows)
    for (const c of UNIQUE) if (r[c]) seen.set(`${c}:${key(c, r[c])}`, (seen.get(`${c}:${key(c, r[c])}`) ?? 0) + 1);
  const typeByName = new Map(facts.userTypes.map((t) => [t.name.trim().toLowerCase(), t.id]));
  // The company's people by each key (the first found wins, as a scan in order would), so a
  // 10,000-row file against 10,000 people is a lookup per cell, not a scan.
  type Person = ImportFacts['people'][number];
  const byKey = (pick: (p: Person) => string | null) => {
    const index = new Map<string, Person[]>();
    for (const p of facts.people) {
      const k = pick(p);
      if (k) index.set(k, [...(index.get(k) ?? []), p].slice(0, 2));
    }
    return index;
  };
  const byEmail = byKey((p) => p.email);
  const byPhone = byKey((p) => p.phone);
  const byExternal = byKey((p) => p.externalId);
  const byCard = byKey((p) => p.rfid);

  return rows.map((row) => {
    const errors: RowCheck['errors'] = {};
    for (const c of IMPORT_COLUMNS) {
      const parsed = v.safeParse(cellSchemas[c], row[c]);
      if (!parsed.success) errors[c] = parsed.issues[0].message;
    }
    for (const c of UNIQUE)
      if (!errors[c] && row[c] && (seen.get(`${c}:${key(c, row[c])}`) ?? 0) > 1)
        errors[c] = 'import.problems.duplicateInFile';

    let userTypeId: string | null = null;
    if (!errors.user_type) {
      userTypeId = typeByName.get(row.user_type.toLowerCase()) ?? null;
      if (!userTypeId) errors.user_type = 'import.problems.unknownUserType';
      else if (!inScope(facts.allowedUserTypeIds, userTypeId)) errors.user_type = 'import.problems.userTypeNotAllowed';
    }

    const email = row.email.toLowerCase();
    const first = (index: Map<string, Person[]>, value: string) => (value && index.get(value)?.[0]) || null;
    const match = first(byEmail, email) || first(byPhone, row.phone) || first(byExternal, row.external_id) || null;
    const other = (index: Map<string, Person[]>, value: string) =>
      Boolean(value) && (index.get(value) ?? []).some((p) => p.id !== match?.id);
    if (!errors.email && other(byEmail, email)) errors.email = 'import.problems.inCompany';
    if (!errors.phone && other(byPhone, row.phone)) errors.phone = 'import.problems.inCompany';
    if (!errors.external_id && other(byExternal, row.external_id)) errors.external_id = 'import.problems.inCompany';
    if (!errors.rfid && other(byCard, row.rfid)) errors.rfid = 'import.problems.rfidTaken';
    return { errors, matchId: match?.id ?? null, userTypeId };
  });
}

export const rowIsValid = (check: RowCheck): boolean => Object.keys(check.errors).length === 0;

export type ImportStatus = 'queued' | 'running' | 'done' | 'failed';
export type ImportRowStatus = 'pending' | 'created' | 'updated' | 'skipped';

export interface ImportJobWire {
  id: string;
  file_name: string;
  status: ImportStatus;
  rows_total: number;
  rows_done: number;
  created: number;
  updated: number;
  skipped: number;
  /** People who got their photo from the zip. */
  photos_attached: number;
  created_at: string;
  finished_at: string | null;
}

export interface ImportRowWire {
  row_no: number;
  data: ImportRow;
  status: ImportRowStatus;
  /** The first problem's i18n key when skipped. */
  reason: string | null;
  reason_column: ImportColumn | null;
  user_id: string | null;
  /** The zip's photo this row names or matched (null: none). */
  photo_name: string | null;
  /** 'attached', or the photo's problem as an i18n key (null: the row had no photo). */
  photo_status: string | null;
}
