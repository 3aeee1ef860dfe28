// A configuration form's draft: what was typed comes back after a reload, and a save or a
// cancel forgets it; a broken or full storage never breaks the form.
import { describe, expect, it } from 'vitest';
import { clearDraft, readDraft, writeDraft } from './form-draft';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  full = false;
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(k: string) {
    return this.items.get(k) ?? null;
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null;
  }
  removeItem(k: string) {
    this.items.delete(k);
  }
  setItem(k: string, v: string) {
    if (this.full) throw new DOMException('quota', 'QuotaExceededError');
    this.items.set(k, v);
  }
}

describe('a form draft', () => {
  it('comes back as typed, per form, until cleared', () => {
    const s = new MemoryStorage();
    writeDraft(s, 'user:1', { full_name: 'Ada', labels: ['l1'] });
    writeDraft(s, 'user:new', { full_name: 'Bob' });
    expect(readDraft(s, 'user:1')).toEqual({ full_name: 'Ada', labels: ['l1'] });
    expect(readDraft(s, 'user:new')).toEqual({ full_name: 'Bob' });
    clearDraft(s, 'user:1');
    expect(readDraft(s, 'user:1')).toBeUndefined();
    expect(readDraft(s, 'user:new')).toEqual({ full_name: 'Bob' });
  });

  it('reads nothing rather than failing on a damaged entry or a full storage', () => {
    const s = new MemoryStorage();
    s.setItem('gatehouse.draft:x', '{not json');
    expect(readDraft(s, 'x')).toBeUndefined();
    s.full = true;
    expect(() => writeDraft(s, 'y', { a: 1 })).not.toThrow();
    expect(readDraft(s, 'y')).toBeUndefined();
  });
});
