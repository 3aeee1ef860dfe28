import { describe, expect, it } from 'vitest';
import { isPreRegistrationPath, uiEffectOf } from './http-effects';

describe('uiEffectOf', () => {
  it('passes 400 through silently', () => {
    expect(uiEffectOf({ ok: false, status: 400, body: { errors: { email: ['x'] } } }, '/users')).toEqual({
      kind: 'silent',
    });
  });

  it('sends 401 to /error in the app and to the passport root on pre-registration pages', () => {
    expect(uiEffectOf({ ok: false, status: 401 }, '/sites')).toEqual({ kind: 'navigate', to: '/error' });
    expect(uiEffectOf({ ok: false, status: 401 }, '/pre-registration/abc')).toEqual({
      kind: 'leave',
      to: 'passport-root',
    });
  });

  it('maps 403 with otp_error, 404 and 500/502', () => {
    expect(uiEffectOf({ ok: false, status: 403, body: { otp_error: true } }, '/')).toEqual({
      kind: 'navigate',
      to: '/otp-error',
    });
    expect(uiEffectOf({ ok: false, status: 403 }, '/')).toEqual({ kind: 'navigate', to: '/error' });
    expect(uiEffectOf({ ok: false, status: 404 }, '/')).toEqual({ kind: 'navigate', to: '/404' });
    expect(uiEffectOf({ ok: false, status: 502 }, '/')).toEqual({ kind: 'alert', code: 'call_administrator' });
  });

  it('toasts other failures with the server message, or the generic text', () => {
    expect(uiEffectOf({ ok: false, status: 429, body: { message: 'Slow down' } }, '/login')).toEqual({
      kind: 'toast',
      message: 'Slow down',
    });
    expect(uiEffectOf({ ok: false, status: 409 }, '/')).toEqual({ kind: 'toast', code: 'generic' });
  });

  it('keeps offline and timeout toast-free for the calling screen', () => {
    expect(uiEffectOf({ ok: false, status: 0, offline: true }, '/')).toEqual({ kind: 'offline' });
    expect(uiEffectOf({ ok: false, status: 0, timedOut: true }, '/')).toEqual({ kind: 'timeout' });
  });

  it('recognises the public pre-registration flows only', () => {
    expect(isPreRegistrationPath('/c/visit/123')).toBe(true);
    expect(isPreRegistrationPath('/online-compliance/9')).toBe(true);
    expect(isPreRegistrationPath('/add-expected-visitors')).toBe(false);
    expect(isPreRegistrationPath('/login')).toBe(false);
  });
});
