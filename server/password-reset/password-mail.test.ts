// the first-password mail puts its link right after the sentence that
// introduces it, and does not tell a new owner "if you did not ask for this" (nobody asked).
import { describe, expect, it } from 'vitest';
import { passwordLinkMail } from './password-mail';

const base = {
  to: 'olive@northwind.test',
  name: 'Olive',
  company: 'Northwind Clinic',
  url: 'https://x.test/reset-password/abc',
};

describe('the password link mail', () => {
  it('first password: the link follows the invitation, then how long it works; no "did not ask"', () => {
    const mail = passwordLinkMail({ ...base, lang: 'en', purpose: 'first' });
    const parts = mail.text.split('\n\n');
    expect(parts[1]).toContain('Open this link to choose your password');
    expect(parts[2]).toBe(base.url);
    expect(parts[3]).toContain('The link works once');
    expect(mail.text).not.toMatch(/did not ask/i);
    expect(mail.html.indexOf(base.url)).toBeLessThan(mail.html.indexOf('The link works once'));
  });
  it('reset: the link follows the request; "did not ask" stays, last', () => {
    const parts = passwordLinkMail({ ...base, lang: 'en', purpose: 'reset' }).text.split('\n\n');
    expect(parts[2]).toBe(base.url);
    expect(parts.at(-1)).toMatch(/did not ask/i);
  });
  it('is written in Arabic for an Arabic reader', () => {
    const mail = passwordLinkMail({ ...base, lang: 'ar', purpose: 'first' });
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.text).not.toContain('passwordMailWording');
  });
});
