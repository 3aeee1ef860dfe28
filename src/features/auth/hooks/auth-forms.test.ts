// The login and password-link pages: what the login form refuses before anything is sent, the
// calls a password link makes in the page's language, and why a link cannot be used.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { passwordResetApi, problemOf } from './password-reset-api';
import { clientErrors } from './use-login';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
afterEach(() => vi.unstubAllGlobals());

describe('the login form', () => {
  const values = { email: 'admin@acme.test', password: 'gatehouse-demo', subdomain: '' };

  it('lets a complete login through', () => {
    expect(clientErrors(values)).toEqual({});
  });

  it('asks for both fields when they are empty', () => {
    const errors = clientErrors({ ...values, email: '', password: '' });
    expect(errors.email).toBe('validation.required');
    expect(errors.password).toBe('validation.required');
  });

  it('refuses an address that is not an email, but not a password with spaces', () => {
    expect(clientErrors({ ...values, email: 'admin-at-acme' }).email).toBe('errors.invalid_email');
    expect(clientErrors({ ...values, email: '  admin@acme.test ' })).toEqual({});
    expect(clientErrors({ ...values, password: ' spaced out ' })).toEqual({});
  });
});

describe('a password link', () => {
  it('is inspected and completed at its own address, in the page’s language', async () => {
    const fetchMock = vi.fn(async (_u: RequestInfo | URL, _i?: RequestInit) => json(200, { message: 'ok' }));
    vi.stubGlobal('fetch', fetchMock);
    await passwordResetApi.inspect('ar', 'a/b');
    await passwordResetApi.complete('es', 'a/b', 'new-password-1');
    const [inspectUrl, inspect] = fetchMock.mock.calls[0]!;
    const [completeUrl, complete] = fetchMock.mock.calls[1]!;
    expect(inspectUrl).toBe('/api/reset-password/a%2Fb');
    expect((inspect!.headers as Record<string, string>)['accept-language']).toBe('ar');
    expect(completeUrl).toBe('/api/reset-password/a%2Fb');
    expect((complete!.headers as Record<string, string>)['accept-language']).toBe('es');
    expect(JSON.parse(complete!.body as string)).toEqual({ password: 'new-password-1' });
  });

  it('tells an unknown, used or expired link apart from a failed call', () => {
    expect(problemOf(404, undefined)).toBe('invalid');
    expect(problemOf(409, 'link_used')).toBe('used');
    expect(problemOf(409, 'link_expired')).toBe('expired');
    expect(problemOf(500, 'link_used')).toBe('failed');
  });
});
