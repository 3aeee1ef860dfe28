import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../domain/routes';
import { BUILT_PATHS } from './route-modules';
import { parseMenuMode, reservedWidth } from './layout/menu-mode';

describe('route modules', () => {
  it('only names screens for routes that exist', () => {
    const paths = new Set(ROUTES.map((r) => r.path));
    for (const path of BUILT_PATHS) expect(paths.has(path), path).toBe(true);
  });
});

describe('menu mode', () => {
  it('defaults to expanded and reads a stored choice', () => {
    expect(parseMenuMode(null)).toBe('expanded');
    expect(parseMenuMode('bogus')).toBe('expanded');
    expect(parseMenuMode('hover')).toBe('hover');
    expect(reservedWidth('hover')).toBe(reservedWidth('collapsed'));
    expect(reservedWidth('expanded')).toBeGreaterThan(reservedWidth('collapsed'));
  });
});
