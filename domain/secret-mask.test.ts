import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskSecrets } from './secret-mask';

describe('maskSecrets', () => {
  it('masks the personal, compliance and RFID links, keeping four characters of each secret', () => {
    const text =
      'Hello Vera\n\nYour link:\n\nhttps://gate.example/c/Ab3dEf6hIj9kLm0nOp1qRs/xY7zab0cd1ef\n\n' +
      'Compliance: https://gate.example/online-compliance/Ab3dEf6hIj9kLm0nOp1qRs\n\nCard: http://localhost:5173/rfid/q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6';
    const masked = maskSecrets(text);
    expect(masked).toContain('https://gate.example/c/Ab3d…/xY7z…');
    expect(masked).toContain('https://gate.example/online-compliance/Ab3d…');
    expect(masked).toContain('http://localhost:5173/rfid/q1w2…');
    expect(masked).not.toMatch(/Ab3dE|xY7za|q1w2e/);
    expect(masked.startsWith('Hello Vera\n\nYour link:')).toBe(true);
  });

  it('masks link secrets however they look, query values and signed QR tokens', () => {
    expect(maskSecrets('https://x.test/c/abcdefghij/klmnopqrstuv')).toBe('https://x.test/c/abcd…/klmn…');
    expect(maskSecrets('https://x.test/other/path?token=Secret123&x=1')).toBe(
      'https://x.test/other/path?token=Secr…&x=…',
    );
    expect(maskSecrets('QR GH1.eyJhbGciOi.sig-nature_')).toBe('QR GH1.…');
  });

  it('leaves text without links alone', () => {
    expect(maskSecrets('Your visit to Acme on 2026-01-16 10:00')).toBe('Your visit to Acme on 2026-01-16 10:00');
  });

  it('property: no random link secret survives in full', () => {
    const token = fc.stringMatching(/^[A-Za-z0-9_-]{10,40}$/);
    fc.assert(
      fc.property(token, token, fc.constantFrom('c', 'online-compliance', 'rfid'), (a, b, route) => {
        const masked = maskSecrets(`Link: https://gate.example/${route}/${a}/${b} end`);
        expect(masked).toBe(`Link: https://gate.example/${route}/${a.slice(0, 4)}…/${b.slice(0, 4)}… end`);
      }),
    );
  });
});
