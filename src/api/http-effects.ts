// What a failed call means for the UI (spec 2 §8), as data: the domain decides per status,
// this adds the transport cases (offline, timeout) that the calling screen shows itself.
import { effectOfFailure, type HttpEffect } from '../../domain/errors';
import { findRoute } from '../../domain/routes';
import type { HttpResult } from './http';

export type Failure = Extract<HttpResult<unknown>, { ok: false }>;
export type UiEffect = HttpEffect | { kind: 'offline' } | { kind: 'timeout' };

/** Pre-registration pages leave for the passport root on 401 instead of /error. */
export function isPreRegistrationPath(pathname: string): boolean {
  const route = findRoute(pathname);
  return route?.kind === 'public' && route.feature === 'preregistration';
}

export function uiEffectOf(failure: Failure, pathname: string): UiEffect {
  if (failure.timedOut) return { kind: 'timeout' };
  if (failure.status === 0) return { kind: 'offline' };
  return effectOfFailure(failure.status, failure.body, { onPreRegistration: isPreRegistrationPath(pathname) });
}

/** Where "the passport root" is; PASSPORT_URL defaults to this server (DESIGN ruling 9). */
export const PASSPORT_ROOT = '/';
