// What a visitor gave at pre-registration, carried into the kiosk journey: the
// host chosen on the phone (preselected), the custom-field values typed there (recorded with the
// visit and printed on the badge) and the entry questions answered for this visit (not asked again).
import { CUSTOM_FIELD_TYPES, type CustomFieldType } from '../../../../domain/custom-fields';
import type { RegisterPersonArgs } from '../../../../domain/kiosk-mutations';
import type { KioskField } from '../hooks/use-kiosk-data';
import type { Draft } from './draft';

export interface PreregisteredVisit {
  id: string;
  status: string;
  hostId?: string | null;
  customFields?: unknown;
  companyName?: string | null;
}

type CustomFieldValue = RegisterPersonArgs['customFields'][number];

const isType = (t: string): t is CustomFieldType => (CUSTOM_FIELD_TYPES as readonly string[]).includes(t);

/**
 * The visit's custom-field values the flow asks, typed as the kiosk records them: only fields of
 * the flow (the server refuses others), toggles as 1 or 0, empty answers left out.
 */
export function carriedFields(saved: unknown, flowFields: readonly KioskField[]): CustomFieldValue[] {
  if (!Array.isArray(saved)) return [];
  return saved.flatMap((entry: unknown): CustomFieldValue[] => {
    if (!entry || typeof entry !== 'object') return [];
    const { custom_field_id: id, value } = entry as { custom_field_id?: unknown; value?: unknown };
    const field = flowFields.find((f) => f.id === id);
    if (!field || !isType(field.type) || value == null || String(value).trim() === '') return [];
    if (field.type === 'toggle button')
      return [
        { custom_field_id: field.id, type: field.type, value: value === 1 || value === '1' || value === true ? 1 : 0 },
      ];
    return [{ custom_field_id: field.id, type: field.type, value: String(value).slice(0, 2000) }];
  });
}

/** The draft patch a pre-registration QR brings. */
export function fromPreregistration(visit: PreregisteredVisit, flowFields: readonly KioskField[]): Partial<Draft> {
  return {
    expectedVisitId: visit.id,
    approvalRequired: visit.status === 'pending',
    hostId: visit.hostId ?? null,
    customFields: carriedFields(visit.customFields, flowFields),
    companyName: visit.companyName?.trim() || null,
  };
}

/** Whether the entry questions were answered, and passed, for this very visit (any frequency). */
export function answeredForVisit(
  answers: ReadonlyArray<{ personId: string; complianceId: string; outcome: string; visitId?: string | null }>,
  personId: string,
  formId: string,
  visitId: string | null,
): boolean {
  if (!visitId) return false;
  return answers.some(
    (a) => a.visitId === visitId && a.personId === personId && a.complianceId === formId && a.outcome === 'passed',
  );
}
