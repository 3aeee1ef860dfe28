// a field set to radio buttons, given an empty option and switched back to
// text used to send that hidden option; the schema refused it under a key no input shows, so
// Save did nothing. What is sent now is what the visible form holds.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { sectionInput, sectionProblems } from '../../../../domain/custom-field-sections';
import { emptyField, payloadOf } from './section-draft';

describe('saving a section whose field went radio → text', () => {
  it('sends no hidden options, so the save is not refused by what nobody can see', () => {
    const field = { ...emptyField(), name: { en: 'Company' }, type: 'text' as const, options: [{}] };
    const payload = payloadOf({ name: { en: 'Visit details' }, icon: null, custom_fields: [field] });
    expect(payload.custom_fields[0]!.options).toEqual([]);
    const parsed = v.safeParse(sectionInput, payload);
    expect(parsed.success).toBe(true);
    expect(sectionProblems(parsed.output as v.InferOutput<typeof sectionInput>)).toBeNull();
  });
  it('still sends the options of a radio field', () => {
    const field = { ...emptyField(), name: { en: 'Dept' }, type: 'radio buttons' as const, options: [{ en: 'Sales' }] };
    expect(payloadOf({ name: { en: 'S' }, icon: null, custom_fields: [field] }).custom_fields[0]!.options).toEqual([
      { en: 'Sales' },
    ]);
  });
});
