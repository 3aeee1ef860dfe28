// The passport side of the pre-registration passport variant: the address a person with a
// passport is sent to carries their names prefilled and their sealed id, never the plain one.
import { describe, expect, it } from 'vitest';
import { passportQrOf, sealedIdOfPassportQr } from '../../../../domain/passport-qr';
import { passportVariantPath } from './passport-variant';

const query = (path: string) => new URL(path, 'https://acme.test').searchParams;

describe('the passport variant’s address', () => {
  it('opens the flow’s form with the person’s names split at the first space', () => {
    const path = passportVariantPath('flow-1', '  María José  de la Cruz ', 'sealed-abc', false);
    expect(path.startsWith('/pre-registration/flow-1?')).toBe(true);
    const q = query(path);
    expect(q.get('first_name')).toBe('María');
    expect(q.get('last_name')).toBe('José de la Cruz');
    expect(q.get('comingFromPassport')).toBe('true');
    expect(q.get('hasPassport')).toBe('true');
    expect(q.has('add_visitor')).toBe(false);
  });

  it('carries the sealed passport id and its QR, which reads back to the same id', () => {
    const q = query(passportVariantPath('flow-1', 'Vera', 'sealed-abc', true));
    expect(q.get('passport_id')).toBe('sealed-abc');
    expect(q.get('passport_qr')).toBe(passportQrOf('sealed-abc'));
    expect(sealedIdOfPassportQr(q.get('passport_qr')!)).toBe('sealed-abc');
    expect(q.get('last_name')).toBe('');
    expect(q.get('add_visitor')).toBe('true');
  });

  it('keeps a journey name with spaces or slashes inside its own path segment', () => {
    expect(passportVariantPath('a b/c', 'Vera', 's', false)).toMatch(/^\/pre-registration\/a%20b%2Fc\?/);
  });
});
