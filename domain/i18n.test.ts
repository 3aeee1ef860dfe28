import { describe, expect, it } from 'vitest';
import { directionOf, pickLanguage, translate } from './i18n';

describe('languages', () => {
  it('is right-to-left only for Arabic', () => {
    expect([directionOf('ar'), directionOf('en'), directionOf('es')]).toEqual(['rtl', 'ltr', 'ltr']);
  });
  it('picks a supported language, defaulting to English', () => {
    expect(pickLanguage(null, 'ar-EG,ar;q=0.9,en;q=0.8')).toBe('ar');
    expect(pickLanguage('es', 'ar')).toBe('es');
    expect(pickLanguage('fr-FR,de')).toBe('en');
  });
  it('fills parameters and misses unknown keys', () => {
    const dict = { a: { b: 'Hello {{name}}' } };
    expect(translate(dict, 'a.b', { name: 'Ada' })).toBe('Hello Ada');
    expect(translate(dict, 'a.c')).toBeUndefined();
    expect(translate(dict, 'a')).toBeUndefined();
  });
});
