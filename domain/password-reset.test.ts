// The password link's state and the new-password rule, shared by the server and the page.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PASSWORD_LINK_TTL_MS, newPasswordSchema, passwordLinkState } from './password-reset';
import { parse } from './validation';

describe('passwordLinkState', () => {
  it('is usable only before expiry and before use', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 40 }),
        fc.integer({ min: 0, max: 2 * PASSWORD_LINK_TTL_MS }),
        (created, age) => {
          const expiresAt = created + PASSWORD_LINK_TTL_MS;
          const now = created + age;
          expect(passwordLinkState({ usedAt: null, expiresAt }, now)).toBe(
            age < PASSWORD_LINK_TTL_MS ? 'usable' : 'expired',
          );
          expect(passwordLinkState({ usedAt: created, expiresAt }, now)).toBe('used');
        },
      ),
    );
  });
});

describe('newPasswordSchema', () => {
  it('asks for at least 8 characters, and not only spaces', () => {
    expect(parse(newPasswordSchema, { password: 'short' })).toEqual({
      ok: false,
      errors: { password: ['validation.password_too_short'] },
    });
    expect(parse(newPasswordSchema, { password: '         ' }).ok).toBe(false);
    expect(parse(newPasswordSchema, { password: 'long enough' }).ok).toBe(true);
  });
});
