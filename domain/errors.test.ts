import { describe, expect, it } from 'vitest';
import { effectOfFailure, isSuccessStatus, messageOf, type ApiErrorBody } from './errors';

const admin = { onPreRegistration: false };
const prereg = { onPreRegistration: true };

describe('effectOfFailure follows spec 2 §8 HTTP handling', () => {
  it.each([
    [400, undefined, admin, { kind: 'silent' }],
    [401, undefined, admin, { kind: 'navigate', to: '/error' }],
    [401, undefined, prereg, { kind: 'leave', to: 'passport-root' }],
    [403, { otp_error: true }, admin, { kind: 'navigate', to: '/otp-error' }],
    [403, {}, admin, { kind: 'navigate', to: '/error' }],
    [404, undefined, admin, { kind: 'navigate', to: '/404' }],
    [500, undefined, admin, { kind: 'alert', code: 'call_administrator' }],
    [502, undefined, admin, { kind: 'alert', code: 'call_administrator' }],
    [
      409,
      { message: 'Email address already exists, try a different one.' },
      admin,
      { kind: 'toast', message: 'Email address already exists, try a different one.' },
    ],
    [422, { data: 'Bad date' }, admin, { kind: 'toast', message: 'Bad date' }],
    [429, { errors: { a: ['one'], b: ['two', 'three'] } }, admin, { kind: 'toast', message: 'one\ntwo\nthree' }],
    [503, undefined, admin, { kind: 'toast', code: 'generic' }],
  ] as const)('%i %j → %j', (status, body, ctx, effect) => {
    expect(effectOfFailure(status, body as ApiErrorBody | undefined, ctx)).toEqual(effect);
  });

  it('prefers message over data over errors', () => {
    expect(messageOf({ message: 'm', data: 'd', errors: { x: ['e'] } })).toBe('m');
    expect(messageOf({ data: 'd', errors: { x: ['e'] } })).toBe('d');
    expect(messageOf({ data: { nested: true }, errors: { x: ['e'] } })).toBe('e');
    expect(messageOf({})).toBeUndefined();
  });

  it('counts only 200 and 201 as success', () => {
    expect([200, 201, 202, 204, 304].map(isSuccessStatus)).toEqual([true, true, false, false, false]);
  });
});
