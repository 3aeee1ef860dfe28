import { describe, expect, it } from 'vitest';
import { WARNING_TEXT } from './text-colors';

/** WCAG 2 contrast ratio of a #rrggbb colour against white. */
function contrastOnWhite(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 1.05 / (0.2126 * r! + 0.7152 * g! + 0.0722 * b! + 0.05);
}

describe('warning text colour', () => {
  it('reads at AA contrast in small text ("Missing translations" was orange.8, 3.58:1)', () => {
    expect(contrastOnWhite('#e8590c')).toBeLessThan(4.5);
    expect(contrastOnWhite(WARNING_TEXT)).toBeGreaterThanOrEqual(4.5);
  });
});
