// Who may see and change an expected visit: the list's rule, applied to every
// write too, REST and sync. A person holding `users` manages every visit of their company; any
// other dashboard user only the visits they host. A device token (a kiosk) manages none.
import { DEVICE_PERMISSION_KEYS, isAllowed } from '../../domain/permissions';
import { ApiError, notFound } from '../http/api-error';
import type { RequestContext } from '../http/context';

type Caller = Pick<RequestContext, 'userId' | 'permissions'>;

const isDevice = (ctx: Caller) => DEVICE_PERMISSION_KEYS.some((k) => isAllowed(ctx.permissions, k));

/** Sees and manages every visit of the company. */
export const managesAllVisits = (ctx: Caller): boolean => !isDevice(ctx) && isAllowed(ctx.permissions, 'users');

/** The host filter of the list: null = every visit, else the caller's own id. */
export const visitListHost = (ctx: Caller): string | null => (managesAllVisits(ctx) ? null : ctx.userId);

export const managesVisit = (ctx: Caller, visit: { hostId: string | null }): boolean =>
  managesAllVisits(ctx) || (!isDevice(ctx) && visit.hostId === ctx.userId);

/** A kiosk's QR arrival, or a person who manages the visit. */
export const mayRecordArrival = (ctx: Caller, visit: { hostId: string | null }): boolean =>
  isDevice(ctx) || managesVisit(ctx, visit);

/** A visit the caller does not manage is one they cannot see: 404, as for another company's. */
export function assertManagesVisit(ctx: Caller, visit: { hostId: string | null }): void {
  if (!managesVisit(ctx, visit)) throw notFound();
}

/** The host a new visit gets: a host adds visits they host themselves (none given: theirs). */
export function hostForNewVisit(ctx: Caller, host: string | null): string | null {
  if (managesAllVisits(ctx)) return host;
  if (isDevice(ctx) || (host !== null && host !== ctx.userId)) throw new ApiError(403, 'action_not_allowed');
  return ctx.userId;
}
