import { describe, expect, it } from 'vitest';
import { emailDomainOf, forwardedQuery } from './sso';

describe('one-time login query forwarding', () => {
  it('forwards every parameter except the token', () => {
    expect(forwardedQuery('?token=abc&journey=j1&add_visitor=true')).toBe('?journey=j1&add_visitor=true');
    expect(forwardedQuery('?journey=j1&token=abc')).toBe('?journey=j1');
    expect(forwardedQuery('?token=abc')).toBe('');
    expect(forwardedQuery('')).toBe('');
  });
  it('finds the email domain, lower-cased', () => {
    expect(emailDomainOf('Ada@Acme.TEST')).toBe('acme.test');
    expect(emailDomainOf('nobody')).toBe('');
  });
});
