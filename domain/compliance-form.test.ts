import { describe, expect, it } from 'vitest';
import { complianceFormInput } from './compliance-form';
import { parse } from './validation';

const base = {
  name: 'Health',
  questions: [{ text: { en: 'Fever?', ar: 'حمى؟' }, desired: 'no' }],
  agreement_text: 'I agree.',
  statement: { es: 'Responda con la verdad.' },
};

describe('the compliance form schema (builder and server)', () => {
  it('reads PCR days from text or a number and drops them as null when blank', () => {
    const on = { ...base, accept_negative_pcr: true };
    expect(parse(complianceFormInput, { ...on, pcr_valid_days: ' 14 ' })).toMatchObject({
      ok: true,
      value: { pcr_valid_days: 14 },
    });
    expect(parse(complianceFormInput, { ...on, pcr_valid_days: 999 })).toMatchObject({ ok: true });
    expect(parse(complianceFormInput, { ...base, pcr_valid_days: '' })).toMatchObject({
      ok: true,
      value: { pcr_valid_days: null, protocols: [], document_required: false },
    });
  });

  it('asks for a protocol only when documents are required', () => {
    expect(parse(complianceFormInput, { ...base, document_required: true })).toEqual({
      ok: false,
      errors: { protocols: ['validation.compliance_protocol'] },
    });
    expect(parse(complianceFormInput, { ...base, document_required: true, protocols: ['nhs'] }).ok).toBe(true);
  });

  it('needs the passing answer of every question', () => {
    const result = parse(complianceFormInput, { ...base, questions: [{ text: 'Fever?', desired: null }] });
    expect(result).toEqual({ ok: false, errors: { 'questions.0.desired': ['validation.compliance_answer'] } });
  });
});
