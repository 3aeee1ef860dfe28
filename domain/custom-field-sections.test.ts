import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  customFieldsAllowed,
  normalizeField,
  numberInputText,
  optionValue,
  sameText,
  sectionInput,
  sectionProblems,
} from './custom-field-sections';
import { PLANS } from './constants';
import { parse } from './validation';

const section = (fields: unknown[]) => {
  const parsed = parse(sectionInput, { name: { en: 'Visit' }, custom_fields: fields });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.value;
};

describe('sections of custom fields', () => {
  it('locks custom fields on the lite plan only', () => {
    expect(customFieldsAllowed(PLANS.lite)).toBe(false);
    expect(customFieldsAllowed(PLANS.professional)).toBe(true);
    expect(customFieldsAllowed(PLANS.enterprise)).toBe(true);
  });

  it('refuses an unknown type and an empty label with their messages', () => {
    const bad = parse(sectionInput, { name: 'S', custom_fields: [{ name: ' ', type: 'colour' }] });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.errors['custom_fields.0.type']).toEqual(['validation.custom_field_type']);
      expect(bad.errors['custom_fields.0.name']).toBeDefined();
    }
  });

  it('needs options for checkboxes and radios, unique within the field in any language', () => {
    expect(sectionProblems(section([{ name: 'A', type: 'checkboxes' }]))).toEqual({
      'custom_fields.0.options': ['validation.options_required'],
    });
    expect(
      sectionProblems(
        section([{ name: 'A', type: 'radio buttons', options: [{ en: 'Yes', ar: 'نعم' }, { ar: 'نعم' }] }]),
      ),
    ).toEqual({ 'custom_fields.0.options.1': ['validation.duplicate_option'] });
    expect(sectionProblems(section([{ name: 'A', type: 'radio buttons', options: ['Yes', 'No'] }]))).toBeNull();
  });

  it('labels are unique within a section; a rating has no labels or at least two', () => {
    expect(
      sectionProblems(
        section([
          { name: 'A', type: 'text' },
          { name: ' a ', type: 'date' },
        ]),
      ),
    ).toEqual({
      'custom_fields.1.name': ['validation.duplicate_field'],
    });
    expect(sectionProblems(section([{ name: 'R', type: 'rating scale', options: ['Only'] }]))).toEqual({
      'custom_fields.0.options': ['validation.rating_labels'],
    });
    expect(sectionProblems(section([{ name: 'R', type: 'rating scale' }]))).toBeNull();
  });

  it('drops options a type does not use', () => {
    const [f] = section([{ name: 'T', type: 'text', options: ['x'] }]).custom_fields;
    expect(normalizeField(f!).options).toEqual([]);
  });

  it('an option is recorded by its default-language text', () => {
    expect(optionValue({ ar: 'نعم', en: ' Yes ' })).toBe('Yes');
    expect(optionValue('Plain')).toBe('Plain');
  });

  it('texts clash in the same language, or anywhere when one is a plain string', () => {
    expect(sameText({ en: 'Visit' }, { en: 'visit ' })).toBe(true);
    expect(sameText({ en: 'Visit' }, { es: 'Visit' })).toBe(false);
    expect(sameText('Opinión', { en: 'Feedback', es: 'opinión' })).toBe(true);
  });

  it('number inputs keep digits only, never an e, and no more than their maxlength', () => {
    expect(numberInputText('1e5', 13)).toBe('15');
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 20 }), (typed, max) => {
        const out = numberInputText(typed, max);
        return /^\d*$/.test(out) && out.length <= max;
      }),
    );
  });
});
