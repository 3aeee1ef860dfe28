// The passport calls (server/passport/passport.routes.ts); shapes from domain/passport.ts.
import type { PassportAccountView, PassportStatus } from '../../../../domain/passport';
import { api } from '../../../api/client';

export const checkActivationStatus = () => api.post<{ data: PassportStatus }>('/check-activation-status');
export const reactivatePassport = () => api.post<{ data: PassportStatus }>('/reactivate-passport-account');
export const deactivatePassport = () => api.post<{ data: PassportStatus }>('/passport/deactivate');
export const passportAccount = () => api.get<{ data: PassportAccountView }>('/passport/account');
export const acceptInvitation = (invitation_id: string) =>
  api.post<{ data: PassportAccountView }>('/accept-invitation-from-cloud', { invitation_id });
export const rejectInvitation = (invitation_id: string) =>
  api.post<{ data: PassportAccountView }>('/reject-invitation-from-cloud', { invitation_id });
export const changePassword = (current_password: string, password: string) =>
  api.post<{ data: { changed: true } }>('/passport/change-password', { current_password, password });
