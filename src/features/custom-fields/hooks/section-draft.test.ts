// The custom-field section editor's form: a saved section opens as written, what it sends is
// what the server's schema accepts, and an unsaved edit survives a reload on this device.
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sectionInput } from '../../../../domain/custom-field-sections';
import { clearDraft, draftOf, emptySection, loadDraft, payloadOf, saveDraft, type SectionItem } from './section-draft';

function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    key: (i) => [...m.keys()][i] ?? null,
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, value) => void m.set(k, String(value)),
    removeItem: (k) => void m.delete(k),
    clear: () => m.clear(),
  };
}
beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
afterEach(() => vi.unstubAllGlobals());

const FIELD_ID = '0190a5c4-1b2c-7d3e-8f40-123456789abc';
const saved: SectionItem = {
  id: 's1',
  name: { en: 'Vehicle', ar: 'المركبة' },
  icon: 'car',
  custom_fields: [
    {
      id: FIELD_ID,
      name: 'Plate',
      type: 'radio buttons',
      options: ['Car', { en: 'Van', es: 'Furgoneta' }],
      display: 'stars',
      binding: true,
      fillable_by_user: true,
      printable_on_badge: true,
      icon: null,
    },
  ],
};

describe('the section editor’s form', () => {
  it('opens a saved section and sends it back as the server accepts it', () => {
    const d = draftOf(saved);
    expect(d.custom_fields[0]).toMatchObject({
      name: { en: 'Plate' },
      options: [{ en: 'Car' }, { en: 'Van', es: 'Furgoneta' }],
    });
    const parsed = v.parse(sectionInput, payloadOf(d));
    expect(parsed.name).toEqual({ en: 'Vehicle', ar: 'المركبة' });
    expect(parsed.custom_fields[0]).toMatchObject({ id: FIELD_ID, type: 'radio buttons', printable_on_badge: true });
    expect(parsed.custom_fields[0]).not.toHaveProperty('key');
  });

  it('sends only the languages written, trimmed: a blank input is a missing translation', () => {
    const d = draftOf(saved);
    d.name = { en: '  Vehicle ', ar: '   ', es: '' };
    expect(payloadOf(d).name).toEqual({ en: 'Vehicle' });
  });

  it('gives every field its own key, so two fields never swap on screen', () => {
    const keys = [
      ...draftOf(saved).custom_fields,
      ...emptySection().custom_fields,
      ...draftOf(saved).custom_fields,
    ].map((f) => f.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('refuses a new section with nothing written', () => {
    expect(v.safeParse(sectionInput, payloadOf(emptySection())).success).toBe(false);
  });
});

describe('the unsaved section kept on the device', () => {
  it('comes back after a reload, per section, until cleared', () => {
    const d = draftOf(saved);
    saveDraft('s1', d);
    saveDraft(null, emptySection());
    expect(loadDraft('s1')).toEqual(d);
    expect(loadDraft(null)?.custom_fields).toHaveLength(1);
    clearDraft('s1');
    expect(loadDraft('s1')).toBeNull();
    expect(loadDraft(null)).not.toBeNull();
  });

  it('reads a damaged copy as none rather than breaking the editor', () => {
    localStorage.setItem('gatehouse.customFields.draft.s1', '{not json');
    expect(loadDraft('s1')).toBeNull();
  });
});
