// Spec 1 §6 and spec 2 §8: a person whose role is in the company's otp_roles (with two-step on)
// and who has no two-step gets 403 with otp_error on every call except enrolment and logout,
// and the app sends them to /otp-error. The flag is computed with the session (auth.service.ts).
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Open to a person who still has to enrol in two-step (their enrolment, logout). */
    otpExempt?: boolean;
  }
}

export function enforceTwoStep(request: FastifyRequest): void {
  if (request.ctx?.mustEnrol && !request.routeOptions.config.otpExempt) throw new ApiError(403, 'otp_error');
}
