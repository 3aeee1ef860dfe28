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

/** The details keys the rule reads: a kiosk receives only these of a document (never the
 * person's certificate data, batch or notes), as the synced row's `facts`. */
const FACT_KEYS = ['vaccine_protocol', 'vaccine_expiry_date', 'pcr_result', 'pcr_date_taken'] as const;

export function statusFacts(details: unknown): Record<string, string> {
  const facts: Record<string, string> = {};
  if (!details || typeof details !== 'object') return facts;
  for (const key of FACT_KEYS) {
    const x = (details as Record<string, unknown>)[key];
    if (typeof x === 'string' && x.trim()) facts[key] = x.trim();
  }
  return facts;
}

/** A document as a device holds it (sync catalogue personDocuments): its `facts` stand for its details. */
export const documentFacts = (d: {
  type: string;
  status: string;
  expiryDate?: string | null;
  facts?: unknown;
}): StatusDocument => ({ type: d.type, status: d.status, expiryDate: d.expiryDate ?? null, details: d.facts ?? {} });

/**
 * What a required document does to a visit (issue 40 item 5, docs/decisions.md): a valid one
 * lets the person go on; a positive test within its days refuses entry; anything else (none,
 * expired, another protocol, switched off) holds the visit for reception, who sees the
 * certificate and approves or refuses it.
 */
export type DocumentVerdict = 'ok' | 'held' | 'refused';

export function documentVerdict(status: VaccineStatus): DocumentVerdict {
  if (status === 'not_applicable' || status === 'vaccinated' || status === 'negative_pcr') return 'ok';
  if (status === 'positive_pcr') return 'refused';
  return 'held';
}
