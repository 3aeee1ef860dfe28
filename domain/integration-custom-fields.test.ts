import { describe, expect, it } from 'vitest';
import { customTargetId, customValueOf, mappedCustomValues } from './integration-custom-fields';

const fields = new Map([
  ['f-text', { id: 'f-text', name: 'Department', type: 'text', options: [] }],
  ['f-num', { id: 'f-num', name: 'Staff number', type: 'number', options: [] }],
  ['f-toggle', { id: 'f-toggle', name: 'Parking', type: 'toggle button', options: [] }],
  ['f-check', { id: 'f-check', name: 'Kit', type: 'checkboxes', options: ['Laptop', 'Camera'] }],
]);

describe('directory values mapped to custom fields', () => {
  it('reads mapping keys', () => {
    expect(customTargetId('custom:abc')).toBe('abc');
    expect(customTargetId('email')).toBeNull();
  });

  it('turns directory values into the value payload of each type', () => {
    expect(customValueOf('toggle button', true)).toBe(1);
    expect(customValueOf('toggle button', 'no')).toBe(0);
    expect(customValueOf('checkboxes', 'Laptop, Camera')).toBe('["Laptop","Camera"]');
    expect(customValueOf('text', '  ')).toBeNull();
    expect(customValueOf('number', 42)).toBe('42');
  });

  it('maps every field with a value and clears the ones without', () => {
    const out = mappedCustomValues(
      { email: 'mail', 'custom:f-text': 'department', 'custom:f-num': 'employeeId', 'custom:f-check': 'kit' },
      fields,
      { department: 'Science', employeeId: null, kit: 'Laptop' },
    );
    expect(out.problem).toBeNull();
    expect(out.fieldIds).toEqual(['f-text', 'f-num', 'f-check']);
    expect(out.entries).toEqual([
      { custom_field_id: 'f-text', type: 'text', value: 'Science' },
      { custom_field_id: 'f-check', type: 'checkboxes', value: '["Laptop"]' },
    ]);
  });

  it('names the first value that does not fit, and keeps none of the row', () => {
    const out = mappedCustomValues({ 'custom:f-text': 'department', 'custom:f-num': 'employeeId' }, fields, {
      department: 'Science',
      employeeId: '12e4',
    });
    expect(out.problem).toEqual({ fieldId: 'f-num', fieldName: 'Staff number', code: 'customFields.invalid_number' });
    expect(out.entries).toEqual([]);
  });

  it('leaves out a field deleted since the mapping was saved', () => {
    expect(mappedCustomValues({ 'custom:gone': 'department' }, fields, { department: 'x' })).toEqual({
      entries: [],
      fieldIds: [],
      problem: null,
    });
  });
});
