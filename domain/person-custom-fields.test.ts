import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  isClearing,
  mergePersonValues,
  personFieldProblems,
  personFieldValues,
  valuesById,
  type DefinedField,
} from './person-custom-fields';

const ID = {
  text: '0190f0a0-0000-7000-8000-000000000001',
  boxes: '0190f0a0-0000-7000-8000-000000000002',
  radio: '0190f0a0-0000-7000-8000-000000000003',
  toggle: '0190f0a0-0000-7000-8000-000000000004',
  date: '0190f0a0-0000-7000-8000-000000000005',
  rating: '0190f0a0-0000-7000-8000-000000000006',
  gone: '0190f0a0-0000-7000-8000-000000000009',
};
const FIELDS: DefinedField[] = [
  { id: ID.text, type: 'text', options: [] },
  { id: ID.boxes, type: 'checkboxes', options: [{ en: 'Laptop', ar: 'حاسوب' }, { en: 'Camera' }] },
  { id: ID.radio, type: 'radio buttons', options: ['Sales', 'Finance'] },
  { id: ID.toggle, type: 'toggle button', options: [] },
  { id: ID.date, type: 'date', options: [] },
  { id: ID.rating, type: 'rating scale', options: [] },
];
const entry = (id: string, type: string, value: string | number) => ({ custom_field_id: id, type, value });

describe("a person's custom-field values", () => {
  it('accepts a value of each type that fits, options by their default-language text', () => {
    expect(
      personFieldProblems(FIELDS, [
        entry(ID.text, 'text', 'AB12 CDE'),
        entry(ID.boxes, 'checkboxes', '["Laptop","Camera"]'),
        entry(ID.radio, 'radio buttons', 'Finance'),
        entry(ID.toggle, 'toggle button', 0),
        entry(ID.date, 'date', '2026-02-28'),
        entry(ID.rating, 'rating scale', '4'),
      ]),
    ).toBeNull();
  });

  it('refuses a wrong type, an unknown field, an option not offered, a bad date, and a field twice', () => {
    const errors = personFieldProblems(FIELDS, [
      entry(ID.text, 'number', '12'),
      entry(ID.gone, 'text', 'x'),
      entry(ID.boxes, 'checkboxes', '["Laptop","Helmet"]'),
      entry(ID.date, 'date', '2026-02-30'),
      entry(ID.radio, 'radio buttons', 'Sales'),
      entry(ID.radio, 'radio buttons', 'Finance'),
      entry(ID.toggle, 'toggle button', 2),
    ]);
    expect(errors).toEqual({
      [`custom_fields.${ID.text}`]: ['personFields.validation.wrong_type'],
      [`custom_fields.${ID.gone}`]: ['personFields.validation.unknown_field'],
      [`custom_fields.${ID.boxes}`]: ['personFields.validation.invalid_option'],
      [`custom_fields.${ID.date}`]: ['personFields.validation.invalid_date'],
      [`custom_fields.${ID.radio}`]: ['personFields.validation.duplicate'],
      [`custom_fields.${ID.toggle}`]: ['personFields.validation.invalid_toggle'],
    });
  });

  it('lets an empty value clear a field, but only a field of the company', () => {
    expect(isClearing(entry(ID.boxes, 'checkboxes', '[]'))).toBe(true);
    expect(isClearing(entry(ID.text, 'text', '  '))).toBe(true);
    expect(isClearing(entry(ID.toggle, 'toggle button', 0))).toBe(false);
    expect(personFieldProblems(FIELDS, [entry(ID.text, 'text', ''), entry(ID.boxes, 'checkboxes', '[]')])).toBeNull();
    expect(personFieldProblems(FIELDS, [entry(ID.gone, 'text', '')])).not.toBeNull();
  });

  it('merges a save: named fields take the new values or are cleared, others stay', () => {
    const stored = [
      entry(ID.text, 'text', 'OLD'),
      entry(ID.gone, 'text', 'kept'),
      entry(ID.radio, 'radio buttons', 'Sales'),
    ];
    const merged = mergePersonValues(stored, [
      entry(ID.text, 'text', ' NEW '),
      entry(ID.radio, 'radio buttons', ''),
      entry(ID.toggle, 'toggle button', 1),
    ]);
    expect(valuesById(merged)).toEqual({ [ID.gone]: 'kept', [ID.text]: 'NEW', [ID.toggle]: 1 });
  });

  it('bounds the payload', () => {
    expect(v.safeParse(personFieldValues, [entry('nope', 'text', 'x')]).success).toBe(false);
    expect(v.safeParse(personFieldValues, [entry(ID.text, 'text', 'x'.repeat(4_001))]).success).toBe(false);
    expect(v.safeParse(personFieldValues, [entry(ID.text, 'text', 'x')]).success).toBe(true);
  });
});
