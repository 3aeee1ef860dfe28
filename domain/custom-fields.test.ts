import { describe, expect, it } from 'vitest';
import { checkCustomFieldValues, customFieldProblem, customFieldText, type CustomFieldDef } from './custom-fields';

const f = (type: string, options: string[] = []): CustomFieldDef => ({ id: `id-${type}`, name: type, type, options });

describe('custom-field values by type', () => {
  it.each([
    ['text', 'AB12 CDE', 'x'.repeat(51)],
    ['long text', 'A long story', '   '],
    ['number', '42', '1e5'],
    ['date', '2026-02-28', '2026-02-30'],
    ['toggle button', 1, 2],
  ] as const)('%s accepts %j and refuses %j', (type, good, bad) => {
    expect(customFieldProblem(f(type), good)).toBeNull();
    expect(customFieldProblem(f(type), bad)).not.toBeNull();
  });

  it('options: radio and rating pick one option, checkboxes a JSON list of distinct options', () => {
    expect(customFieldProblem(f('radio buttons', ['Sales']), 'Sales')).toBeNull();
    expect(customFieldProblem(f('radio buttons', ['Sales']), 'Finance')).toBe('customFields.invalid_option');
    expect(customFieldProblem(f('rating scale'), '5')).toBeNull();
    expect(customFieldProblem(f('rating scale'), '6')).toBe('customFields.invalid_option');
    expect(customFieldProblem(f('checkboxes', ['A', 'B']), '["A","B"]')).toBeNull();
    expect(customFieldProblem(f('checkboxes', ['A', 'B']), '["A","A"]')).toBe('customFields.invalid_checkboxes');
    expect(customFieldProblem(f('checkboxes', ['A']), 'A')).toBe('customFields.invalid_checkboxes');
  });

  it('keys errors by field and refuses fields not on the flow, twice, or of another type', () => {
    const fields = [f('text'), f('number')];
    expect(checkCustomFieldValues(fields, [{ custom_field_id: 'id-text', type: 'text', value: 'ok' }])).toBeNull();
    expect(
      checkCustomFieldValues(fields, [
        { custom_field_id: 'nope', type: 'text', value: 'x' },
        { custom_field_id: 'id-number', type: 'text', value: '1' },
      ]),
    ).toEqual({
      'custom_fields.nope': ['customFields.unknown_field'],
      'custom_fields.id-number': ['customFields.wrong_type'],
    });
    expect(
      checkCustomFieldValues(fields, [
        { custom_field_id: 'id-text', type: 'text', value: 'a' },
        { custom_field_id: 'id-text', type: 'text', value: 'b' },
      ]),
    ).toEqual({ 'custom_fields.id-text': ['customFields.duplicate'] });
  });

  it('reads stored values as a person would', () => {
    const yesNo = (on: boolean) => (on ? 'Yes' : 'No');
    expect(customFieldText('toggle button', 1, yesNo)).toBe('Yes');
    expect(customFieldText('checkboxes', '["Laptop","Tools"]', yesNo)).toBe('Laptop, Tools');
    expect(customFieldText('number', '3', yesNo)).toBe('3');
    expect(customFieldText('date', '2026-12-03', yesNo)).toBe('03/12/2026');
    expect(customFieldText('date', 'not a day', yesNo)).toBe('not a day');
  });
});
