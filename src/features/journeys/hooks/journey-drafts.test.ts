// The journey builder's kept drafts and multilingual names: an unsaved journey or flow comes
// back after a reload, and a name is sent in the languages the admin wrote, never blank ones.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { textsOf, writtenTexts } from '../../../../domain/localized-text';
import { readDraft } from './use-draft';

const store = new Map<string, string>();
beforeEach(() => {
  store.clear();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, value: string) => void store.set(k, value),
    removeItem: (k: string) => void store.delete(k),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('a kept journey draft', () => {
  it('is read back under its own key only', () => {
    localStorage.setItem('gh.journeys.draft.flow.f1', JSON.stringify({ name: { en: 'Arrival' } }));
    expect(readDraft('flow.f1')).toEqual({ name: { en: 'Arrival' } });
    expect(readDraft('flow.f2')).toBeNull();
  });

  it('reads as none when the stored copy is damaged', () => {
    localStorage.setItem('gh.journeys.draft.journey.j1', '{"name":');
    expect(readDraft('journey.j1')).toBeNull();
  });

  it('reads as none when storage is blocked', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
    });
    expect(readDraft('journey.j1')).toBeNull();
  });
});

describe('a journey’s name in three languages', () => {
  it('opens a plain stored name as the English text, and a translated one as written', () => {
    expect(textsOf('Visitors')).toEqual({ en: 'Visitors' });
    expect(textsOf({ en: 'Visitors', ar: 'الزوار' })).toEqual({ en: 'Visitors', ar: 'الزوار' });
    expect(textsOf(null)).toEqual({});
  });

  it('sends only the languages with text', () => {
    expect(writtenTexts({ en: 'Visitors', ar: '  ', es: '' })).toEqual({ en: 'Visitors' });
  });
});
