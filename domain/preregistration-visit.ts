// An expected visit's life (spec 2 §4 "Visit approval", spec 1 §4 visit stages): statuses, the
// four approval actions, what its link says, and the window its QR code is valid in.
import type { ExpiryReason, VisitMetadata } from './preregistration';

/**
 * expected: no approval needed; pending: waiting for admin approval; held: a public registration
 * naming an existing person, waiting for that person's confirmation (mailed to the address on
 * file) or an admin's approval, with no QR code issued.
 */
export const VISIT_STATUSES = ['expected', 'pending', 'approved', 'rejected', 'held'] as const;
export type VisitStatus = (typeof VISIT_STATUSES)[number];

export const APPROVAL_ACTIONS = [
  'approve-visit',
  'reject-visit',
  'approve-rejected-visit',
  'reject-approved-visit',
] as const;
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];

const FROM: Record<ApprovalAction, readonly VisitStatus[]> = {
  'approve-visit': ['pending', 'expected', 'held'],
  'reject-visit': ['pending', 'expected', 'held'],
  'approve-rejected-visit': ['rejected'],
  'reject-approved-visit': ['approved'],
};
export const targetOf = (action: ApprovalAction): VisitStatus =>
  action.startsWith('approve') ? 'approved' : 'rejected';

/** Whether an action applies to a visit in this status (the REST calls are strict). */
export function canApply(action: ApprovalAction, status: VisitStatus): boolean {
  return FROM[action].includes(status);
}

/** The offline mutations merge: approving an approved visit (or rejecting a rejected one) is a no-op. */
export function decisionOutcome(decision: 'approve' | 'reject', status: VisitStatus): 'apply' | 'noop' {
  return status === (decision === 'approve' ? 'approved' : 'rejected') ? 'noop' : 'apply';
}

/** Registration methods (spec 1 §4) → the status a self-registered visit starts in; null = not allowed. */
export function initialStatusFor(registrationMethod: string): VisitStatus | null {
  switch (registrationMethod) {
    case 'registration allowed':
    case 'registration not required':
      return 'expected';
    case 'pre-registration with approval required':
      return 'pending';
    default:
      return null;
  }
}

/** Staff-like methods may not switch their user type on pre-registration (spec 1 §5). */
export const canChangeUserType = (registrationMethod: string): boolean => initialStatusFor(registrationMethod) !== null;

export interface VisitFacts {
  status: VisitStatus;
  deletedAt: number | null;
  visitAt: number;
  graceMinutes: number;
  confirmedAt: number | null;
  arrivedAt: number | null;
}

/** The QR window: from 12 hours before the visit until its grace period (≥ 30 min) has passed. */
export function qrWindowOf(visitAt: number, graceMinutes: number): { nbf: number; exp: number } {
  return { nbf: visitAt - 12 * 3600_000, exp: visitAt + Math.max(30, graceMinutes) * 60_000 };
}

/** The revocation a rejected or deleted visit puts on its QR code, if any. */
export function revocationOf(v: Pick<VisitFacts, 'status' | 'deletedAt'>): ExpiryReason | null {
  if (v.deletedAt !== null) return 'VISIT_DELETED';
  if (v.status === 'rejected') return 'VISIT_REJECTED';
  return null;
}

/** visitMetadata of the details reply: why the link is expired, if it is. */
export function visitMetadataOf(v: VisitFacts, now: number): VisitMetadata {
  const revoked = revocationOf(v);
  if (revoked) return { is_expired: true, reason: revoked, is_confirmed: v.confirmedAt !== null };
  if (v.arrivedAt !== null) return { is_expired: true, reason: 'ARRIVED', is_confirmed: v.confirmedAt !== null };
  if (now > qrWindowOf(v.visitAt, v.graceMinutes).exp)
    return { is_expired: true, reason: 'VISIT_EXPIRED', is_confirmed: v.confirmedAt !== null };
  return { is_expired: false, reason: null, is_confirmed: v.confirmedAt !== null };
}
