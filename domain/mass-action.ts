// Mass sign-in / sign-out (spec 1 §3 "Mass-action response", §4, §6): who can be acted on,
// who is skipped and why, and each person's details in the spec's response shape. An admin
// acts only on the user types and areas of their scope (null = all of them).
import { COMPLIANCE_FREQUENCIES, complianceDue, type ComplianceFrequency } from './compliance';
import { DEFAULT_TEMPERATURE_C } from './constants';
import type { AttendanceMode } from './reasons';
import { textIn, type LocalizedText } from './localized-text';

export type MassAction = 'in' | 'out';
export type PersonStatus = 'pending' | 'in_progress' | 'completed';
export type ComplianceStatus = 'passed' | 'failed' | 'not_required';
export type SkipReason =
  'user_type_not_accessible' | 'area_not_accessible' | 'archived' | 'already_signed_in' | 'already_signed_out';

export interface Scope {
  userTypeIds: readonly string[] | null;
  areaIds: readonly string[] | null;
}
export interface MassPerson {
  id: string;
  fullName: string;
  userTypeId?: string | null;
  archived?: boolean | null;
}

export const inScope = (list: readonly string[] | null, id: string | null | undefined): boolean =>
  list === null || (id != null && list.includes(id));

export function skipReason(
  person: MassPerson,
  action: MassAction,
  areaId: string,
  scope: Scope,
  onSite: boolean,
): SkipReason | null {
  if (!inScope(scope.userTypeIds, person.userTypeId)) return 'user_type_not_accessible';
  if (!inScope(scope.areaIds, areaId)) return 'area_not_accessible';
  if (person.archived) return 'archived';
  if (action === 'in' && onSite) return 'already_signed_in';
  if (action === 'out' && !onSite) return 'already_signed_out';
  return null;
}

/** The compliance status of a person's answers; no forms means "not required". */
export function complianceStatus(
  compliances: ReadonlyArray<{ isCompleted?: boolean; isWrong?: boolean }>,
): ComplianceStatus {
  if (compliances.length === 0) return 'not_required';
  return compliances.every((c) => c.isCompleted && !c.isWrong) ? 'passed' : 'failed';
}

export interface MassUserDetails {
  id: string;
  full_name: string;
  signedOut: boolean;
  attendance_mode: {
    reasons: Array<{ id: string; name: string; presented: string[]; attendance_code: { id: string } | null }>;
  } | null;
  sections: unknown[];
  compliances: Array<{ complianceId: string; name: string; isCompleted?: boolean; isWrong?: boolean }>;
  complinaces: MassUserDetails['compliances'];
  documents: MassDocument[];
  checks: {
    temperature_check: boolean;
    mask_check: boolean;
    host: boolean;
    allow_not_select_host: boolean;
    select_host_permitted: boolean;
    temperature_threshold: number;
  };
  host: { user_id: string } | null;
  journey_flow_id: string | null;
}

export interface MassDocument {
  id: string;
  type: string;
  status: string;
  expiryDate?: string | null;
  /** Vaccine or test payload (vaccine_protocol, pcr_result, …) for the vaccine/PCR status. */
  details?: unknown;
}
export interface MassAnswer {
  personId: string;
  complianceId: string;
  outcome: string;
  at: number;
}

/** What the area and user type bring to each person: their journey flow, mode, form, records. */
export interface MassContext {
  flow?: { id: string; settings?: Record<string, unknown> } | null;
  mode?: Pick<AttendanceMode, 'reasons'> | null;
  form?: { id: string; name: LocalizedText } | null;
  /** The language the form's name is shown in (the admin's; the default language elsewhere). */
  language?: string;
  answers?: readonly MassAnswer[];
  documents?: readonly (MassDocument & { personId: string })[];
  now?: number;
}

/**
 * A person's standing on the flow's form: passed within the form's frequency, failed on their
 * latest answer, or not answered (which does not pass). No form: nothing is required.
 */
function compliancesOf(
  personId: string,
  ctx: MassContext,
  frequency: ComplianceFrequency,
): MassUserDetails['compliances'] {
  const form = ctx.form;
  if (!form) return [];
  const mine = (ctx.answers ?? [])
    .filter((a) => a.personId === personId && a.complianceId === form.id)
    .sort((a, b) => b.at - a.at);
  const lastPass = mine.find((a) => a.outcome === 'passed');
  const now = ctx.now ?? Date.now();
  const name = textIn(form.name, ctx.language ?? 'en');
  if (lastPass && !complianceDue(frequency, { at: lastPass.at }, now, -new Date(now).getTimezoneOffset())) {
    return [{ complianceId: form.id, name, isCompleted: true, isWrong: false }];
  }
  // A pass outside its period must be answered again, like no answer at all.
  const failed = mine[0] !== undefined && mine[0].outcome !== 'passed';
  return [{ complianceId: form.id, name, isCompleted: failed, isWrong: failed }];
}

/** A document counts while it is active and not past its expiry date. */
export function validDocuments(documents: readonly MassDocument[], today: string): MassDocument[] {
  return documents.filter((d) => d.status === 'ACTIVE' && (!d.expiryDate || d.expiryDate >= today));
}

/** The spec's response: the first element carries area, user_type and users. */
export function massActionResponse(
  areaId: string,
  userTypeId: string,
  people: readonly MassPerson[],
  onSite: ReadonlySet<string>,
  ctx: MassContext = {},
): Array<{ area: string; user_type: string; users: MassUserDetails[] }> {
  const flow = ctx.flow ?? null;
  const s = flow?.settings ?? {};
  const threshold = typeof s.temperature_threshold === 'number' ? s.temperature_threshold : DEFAULT_TEMPERATURE_C;
  const frequency = (COMPLIANCE_FREQUENCIES as readonly unknown[]).includes(s.compliance_frequency)
    ? (s.compliance_frequency as ComplianceFrequency)
    : 'every time';
  const mode = ctx.mode
    ? {
        reasons: ctx.mode.reasons.map((r) => ({
          id: r.id,
          name: r.name,
          presented: [r.type],
          attendance_code: r.attendanceCode ? { id: r.attendanceCode } : null,
        })),
      }
    : null;
  const users = people.map((p): MassUserDetails => {
    const compliances = compliancesOf(p.id, ctx, frequency);
    return {
      id: p.id,
      full_name: p.fullName,
      signedOut: !onSite.has(p.id),
      attendance_mode: mode,
      sections: [],
      compliances,
      complinaces: compliances,
      documents: (ctx.documents ?? []).filter((d) => d.personId === p.id).map(({ personId: _personId, ...d }) => d),
      checks: {
        temperature_check: s.temperature_check === true,
        mask_check: s.mask_check === true,
        host: s.host === true,
        allow_not_select_host: s.allow_no_host !== false && s.allow_not_select_host !== false,
        select_host_permitted: s.select_host_permitted !== false,
        temperature_threshold: threshold,
      },
      host: null,
      journey_flow_id: flow?.id ?? null,
    };
  });
  return [{ area: areaId, user_type: userTypeId, users }];
}

interface JourneyLike {
  id: string;
  settings: { areas: readonly string[]; attendance_mode_id?: string | null };
}
interface FlowLike {
  id: string;
  journeyId: string;
  userTypeId: string | null;
}

/**
 * The journey flow that a person of this type follows in this area: a journey of the area
 * (one that names no area serves them all) with a flow for the type, else that journey's first.
 */
export function flowForArea<J extends JourneyLike, F extends FlowLike>(
  journeys: readonly J[],
  flows: readonly F[],
  areaId: string,
  userTypeId: string,
): { journey: J; flow: F } | null {
  const here = journeys.filter((j) => j.settings.areas.length === 0 || j.settings.areas.includes(areaId));
  for (const journey of here) {
    const flow = flows.find((f) => f.journeyId === journey.id && f.userTypeId === userTypeId);
    if (flow) return { journey, flow };
  }
  return null;
}
