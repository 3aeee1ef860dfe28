// The build splits the locale files per entry (scripts/locale-split.ts). A key missing from the
// kiosk's or the public pages' part would show as raw text ("kiosk.welcome") on those screens.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LIGHT_ENTRIES, localePart, scanEntry, type LightPart } from '../../scripts/locale-split';

const ROOT = process.cwd();
const en = JSON.parse(readFileSync('locales/en.json', 'utf8')) as Record<string, unknown>;
const SECTIONS = new Set(Object.keys(en));

/** A key resolves when it names a string, or a plural family (key_one, key_other …). */
function resolves(dict: Record<string, unknown>, key: string): boolean {
  const parts = key.split('.');
  const last = parts.pop()!;
  let node: unknown = dict;
  for (const p of parts) node = (node as Record<string, unknown> | undefined)?.[p];
  const parent = node as Record<string, unknown> | undefined;
  if (!parent || typeof parent !== 'object') return false;
  return typeof parent[last] === 'string' || typeof parent[`${last}_other`] === 'string';
}

describe.each(Object.keys(LIGHT_ENTRIES) as LightPart[])('the %s locale part', (part) => {
  const found = scanEntry(LIGHT_ENTRIES[part], SECTIONS);

  it('holds every key its screens name, in every language', () => {
    for (const lang of ['en', 'ar', 'es']) {
      const dict = localePart(ROOT, lang, part);
      const missing = [...found.keys].filter((key) => !resolves(dict, key) && resolves(en, key));
      expect(missing, `${lang}: keys used from ${LIGHT_ENTRIES[part]} but absent from its part`).toEqual([]);
      // Sections named only dynamically (`errors.${code}`) come whole.
      for (const section of found.sections) expect(Object.keys(dict)).toContain(section);
    }
  });

  it('is smaller than the whole dictionary', () => {
    const size = JSON.stringify(localePart(ROOT, 'en', part)).length;
    expect(size).toBeLessThan(JSON.stringify(en).length / 2);
  });
});

describe('the sections each light entry needs', () => {
  it('finds the kiosk screens’ sections, and no admin-only ones', () => {
    const { sections } = scanEntry(LIGHT_ENTRIES.kiosk, SECTIONS);
    for (const s of ['kiosk', 'kioskOffline', 'errors', 'validation', 'common']) expect(sections).toContain(s);
    for (const s of ['reports', 'dashboard', 'userTypes']) expect(sections).not.toContain(s);
  });

  it('finds the login’s and the pre-registration’s sections, and no admin-only ones', () => {
    const { sections } = scanEntry(LIGHT_ENTRIES.public, SECTIONS);
    for (const s of ['auth', 'passwordReset', 'preregistration', 'errors', 'validation', 'a11y', 'common'])
      expect(sections).toContain(s);
    for (const s of ['reports', 'dashboard', 'userTypes']) expect(sections).not.toContain(s);
  });
});
