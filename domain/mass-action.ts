// Mass sign-in / sign-out (spec 1 §3 "Mass-action response", §4, §6): who can be acted on,
// who is skipped and why, and each person's details in the spec's response shape. An admin
// acts only on the user types and areas of their scope (null = all of them).
import { DEFAULT_TEMPERATURE_C } from './constants';

export type MassAction = 'in' | 'out';
export type PersonStatus = 'pending' | 'in_progress' | 'completed';
export type ComplianceStatus = 'passed' | 'failed' | 'not_required';
export type SkipReason = 'user_type_not_accessible' | 'area_not_accessible' | 'archived' | 'already_signed_in' | 'already_signed_out';

export interface Scope { userTypeIds: readonly string[] | null; areaIds: readonly string[] | null }
export interface MassPerson { id: string; fullName: string; userTypeId?: string | null; archived?: boolean | null }

export const inScope = (list: readonly string[] | null, id: string | null | undefined): boolean => list === null || (id != null && list.includes(id));

export function skipReason(person: MassPerson, action: MassAction, areaId: string, scope: Scope, onSite: boolean): SkipReason | null {
  if (!inScope(scope.userTypeIds, person.userTypeId)) return 'user_type_not_accessible';
  if (!inScope(scope.areaIds, areaId)) return 'area_not_accessible';
  if (person.archived) return 'archived';
  if (action === 'in' && onSite) return 'already_signed_in';
  if (action === 'out' && !onSite) return 'already_signed_out';
  return null;
}

/** The compliance status of a person's answers; no forms means "not required". */
export function complianceStatus(compliances: ReadonlyArray<{ isCompleted?: boolean; isWrong?: boolean }>): ComplianceStatus {
  if (compliances.length === 0) return 'not_required';
  return compliances.every((c) => c.isCompleted && !c.isWrong) ? 'passed' : 'failed';
}

export interface MassUserDetails {
  id: string;
  full_name: string;
  signedOut: boolean;
  attendance_mode: { reasons: Array<{ id: string; name: string; presented: string[]; attendance_code: { id: string } | null }> } | null;
  sections: unknown[];
  compliances: Array<{ complianceId: string; name: string; isCompleted?: boolean; isWrong?: boolean }>;
  complinaces: MassUserDetails['compliances'];
  documents: unknown[];
  checks: { temperature_check: boolean; mask_check: boolean; host: boolean; allow_not_select_host: boolean; select_host_permitted: boolean; temperature_threshold: number };
  host: { user_id: string } | null;
  journey_flow_id: string | null;
}

/** The spec's response: the first element carries area, user_type and users. */
export function massActionResponse(areaId: string, userTypeId: string, people: readonly MassPerson[], onSite: ReadonlySet<string>,
  flow?: { id: string; settings?: Record<string, unknown> }): Array<{ area: string; user_type: string; users: MassUserDetails[] }> {
  const s = flow?.settings ?? {};
  const threshold = typeof s.temperature_threshold === 'number' ? s.temperature_threshold : DEFAULT_TEMPERATURE_C;
  const users = people.map((p): MassUserDetails => ({
    id: p.id, full_name: p.fullName, signedOut: !onSite.has(p.id), attendance_mode: null, sections: [],
    compliances: [], complinaces: [], documents: [],
    checks: {
      temperature_check: s.temperature_check === true, mask_check: s.mask_check === true, host: s.host === true,
      allow_not_select_host: s.allow_not_select_host !== false, select_host_permitted: s.select_host_permitted !== false, temperature_threshold: threshold,
    },
    host: null, journey_flow_id: flow?.id ?? null,
  }));
  return [{ area: areaId, user_type: userTypeId, users }];
}
