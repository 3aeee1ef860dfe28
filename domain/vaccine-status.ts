// Vaccine/PCR status (spec 1 §4) of a person against a compliance form, from the documents
// bound to their profile. Pure: the dashboard's visit drawer, the mass-action details and the
// server compute it the same way. Dates are ISO days (YYYY-MM-DD), compared as text.

export const VACCINE_STATUSES = [
  'not_applicable',
  'vaccinated',
  'negative_pcr',
  'positive_pcr',
  'unchecked',
  'expired',
  'not_supported',
  'disabled',
] as const;
export type VaccineStatus = (typeof VACCINE_STATUSES)[number];

/** What the rule reads of a document (a personDocuments row or a user_documents row). */
export interface StatusDocument {
  type: string;
  /** ACTIVE, INACTIVE (switched off by an admin) or DELETED. */
  status: string;
  expiryDate?: string | null;
  /** The payload object (a synced row carries it as JSON of unknown shape). */
  details?: unknown;
}

/** What the rule reads of a form. */
export interface StatusForm {
  documentRequired: boolean;
  protocols: readonly string[];
  acceptNegativePcr: boolean;
  pcrValidDays: number | null;
}

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const detail = (d: StatusDocument, key: string) => {
  const x = d.details && typeof d.details === 'object' ? (d.details as Record<string, unknown>)[key] : undefined;
  return typeof x === 'string' ? x.trim() : '';
};
const isTest = (d: StatusDocument) => d.type === 'pcr_test' || d.type === 'antigen_test';

/**
 * The status shown on a visit. Order of precedence: a positive test within the validity window
 * wins (the person must not enter), then a valid vaccination, then a valid negative test, then
 * why nothing counts: expired, in a protocol the form does not accept, switched off, or nothing.
 */
export function vaccineStatus(
  form: StatusForm | null | undefined,
  documents: readonly StatusDocument[],
  now: number,
): VaccineStatus {
  if (!form || !form.documentRequired) return 'not_applicable';
  const present = documents.filter((d) => d.status !== 'DELETED' && (d.type === 'covid_vaccine' || isTest(d)));
  const active = present.filter((d) => d.status === 'ACTIVE');
  if (present.length > 0 && active.length === 0) return 'disabled';
  if (active.length === 0) return 'unchecked';

  const today = isoDay(now);
  const validDays = form.pcrValidDays ?? 0;
  // A test taken on day D counts through day D + validDays - 1.
  const testCurrent = (d: StatusDocument) => {
    const taken = detail(d, 'pcr_date_taken');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(taken)) return false;
    return isoDay(Date.parse(`${taken}T00:00:00Z`) + validDays * DAY) > today;
  };
  const tests = active.filter(isTest);
  if (tests.some((d) => /^pos/i.test(detail(d, 'pcr_result')) && testCurrent(d))) return 'positive_pcr';

  const vaccines = active.filter((d) => d.type === 'covid_vaccine');
  const accepted = vaccines.filter((d) => form.protocols.includes(detail(d, 'vaccine_protocol')));
  const unexpired = (d: StatusDocument) => {
    const until = d.expiryDate || detail(d, 'vaccine_expiry_date');
    return !until || until >= today;
  };
  if (accepted.some(unexpired)) return 'vaccinated';

  const negatives = tests.filter((d) => /^neg/i.test(detail(d, 'pcr_result')));
  if (form.acceptNegativePcr && negatives.some(testCurrent)) return 'negative_pcr';

  if (accepted.length > 0 || (form.acceptNegativePcr && negatives.length > 0)) return 'expired';
  if (vaccines.length > 0 || negatives.length > 0) return 'not_supported';
  return 'unchecked';
}
