import { describe, expect, it } from 'vitest';
import { formatDate, formatDayMonth } from './format';

describe('dashboard dates', () => {
  it('reads day first in every language (DD/MM/YYYY), whatever the language', () => {
    expect(formatDate('2026-01-05', 'en')).toBe('05/01/2026');
    expect(formatDate('2026-01-05', 'es')).toBe('05/01/2026');
    expect(formatDayMonth('2026-01-15', 'en')).toBe('15/01');
    // Arabic digits depend on the ICU data (Latin in Node, Arabic-Indic in some browsers); the order does not.
    expect(formatDayMonth('2026-01-15', 'ar')).toMatch(/^(15|١٥)\/(01|٠١)$/);
    expect(formatDate('2026-12-31', 'ar')).toMatch(/^(31|٣١)\/(12|١٢)\/(2026|٢٠٢٦)$/);
  });
});
