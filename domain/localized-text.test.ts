import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { localizedTextSchema, missingLanguages, textIn } from './localized-text';

describe('content in the visitor language', () => {
  it('shows the visitor language, then the company default, then any text written', () => {
    const t = { en: 'Welcome', ar: 'أهلاً' };
    expect(textIn(t, 'ar')).toBe('أهلاً');
    expect(textIn(t, 'es', 'en')).toBe('Welcome');
    expect(textIn({ es: 'Hola' }, 'ar', 'en')).toBe('Hola');
    expect(textIn('Plain', 'ar')).toBe('Plain');
    expect(textIn(null, 'en')).toBe('');
  });

  it('lists the languages still missing a translation', () => {
    expect(missingLanguages({ en: 'Welcome', ar: ' ' })).toEqual(['ar', 'es']);
    expect(missingLanguages('Plain', 'en')).toEqual(['ar', 'es']);
  });

  it('refuses empty, too short and too long texts with message keys', () => {
    const schema = localizedTextSchema(10, 2);
    expect(v.safeParse(schema, { en: 'Gate' }).success).toBe(true);
    expect(v.safeParse(schema, { en: '  ' }).issues?.[0]?.message).toBe('validation.required');
    expect(v.safeParse(schema, { en: 'A' }).issues?.[0]?.message).toBe('validation.too_short');
    expect(v.safeParse(schema, 'x'.repeat(11)).issues?.[0]?.message).toBe('validation.too_long');
    expect(v.safeParse(schema, { fr: 'Bonjour' }).success).toBe(false);
  });
});
