// The editor's form as typed (every language's text, each field with a stable key), the payload
// it sends, and its copy on this device: configuration needs a connection, so an unsaved form
// survives going offline and a reload (localStorage, per section).
import type { CustomFieldType } from '../../../../domain/custom-fields';
import { takesOptions, type FieldIcon, type RatingDisplay } from '../../../../domain/custom-field-sections';
import { textsOf, writtenTexts, type LocalizedText, type Texts } from '../../../../domain/localized-text';

export type { Texts };

export interface FieldDraft {
  key: string;
  id: string | null;
  name: Texts;
  type: CustomFieldType;
  options: Texts[];
  display: RatingDisplay;
  binding: boolean;
  fillable_by_user: boolean;
  printable_on_badge: boolean;
  icon: FieldIcon | null;
}

export interface SectionDraft {
  name: Texts;
  icon: FieldIcon | null;
  custom_fields: FieldDraft[];
}

/** A section as the server answers it. */
export interface SectionItem {
  id: string;
  name: LocalizedText;
  icon: FieldIcon | null;
  custom_fields: Array<
    Omit<FieldDraft, 'key' | 'name' | 'options'> & { id: string; name: LocalizedText; options: LocalizedText[] }
  >;
}

let counter = 0;
export const newKey = () => `f${Date.now().toString(36)}${(counter++).toString(36)}`;

export const emptyField = (): FieldDraft => ({
  key: newKey(),
  id: null,
  name: {},
  type: 'text',
  options: [],
  display: 'stars',
  binding: false,
  fillable_by_user: true,
  printable_on_badge: false,
  icon: null,
});

export const emptySection = (): SectionDraft => ({ name: {}, icon: null, custom_fields: [emptyField()] });

export function draftOf(section: SectionItem): SectionDraft {
  return {
    name: textsOf(section.name),
    icon: section.icon,
    custom_fields: section.custom_fields.map((f) => ({
      ...f,
      key: newKey(),
      name: textsOf(f.name),
      options: f.options.map((o) => textsOf(o)),
    })),
  };
}

export function payloadOf(draft: SectionDraft) {
  return {
    name: writtenTexts(draft.name),
    icon: draft.icon,
    custom_fields: draft.custom_fields.map(({ key: _key, ...f }) => ({
      ...f,
      name: writtenTexts(f.name),
      // Options a type does not use are hidden in the editor: sent, an empty one was refused by a
      // check no input showed, and Save did nothing.
      options: takesOptions(f.type) ? f.options.map(writtenTexts) : [],
    })),
  };
}

const storageKey = (sectionId: string | null) => `gatehouse.customFields.draft.${sectionId ?? 'new'}`;

export function loadDraft(sectionId: string | null): SectionDraft | null {
  try {
    const raw = localStorage.getItem(storageKey(sectionId));
    return raw ? (JSON.parse(raw) as SectionDraft) : null;
  } catch {
    return null;
  }
}
export const saveDraft = (sectionId: string | null, draft: SectionDraft) =>
  localStorage.setItem(storageKey(sectionId), JSON.stringify(draft));
export const clearDraft = (sectionId: string | null) => localStorage.removeItem(storageKey(sectionId));
