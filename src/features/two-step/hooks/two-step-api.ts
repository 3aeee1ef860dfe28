// The caller's own two-step calls (server/two-step/two-step.routes.ts).
import { api } from '../../../api/client';

export interface TwoStepState {
  enabled: boolean;
  required: boolean;
  must_enrol: boolean;
  recovery_left: number;
}

export const twoStepState = () => api.get<{ data: TwoStepState }>('/two-step');
export const startEnrolment = () => api.post<{ data: { otpauth_url: string; secret: string } }>('/two-step/start');
export const confirmEnrolment = (code: string) =>
  api.post<{ data: { recovery_codes: string[] } }>('/two-step/confirm', { code });
export const disableTwoStep = (code: string) => api.post<{ data: { enabled: false } }>('/two-step/disable', { code });
