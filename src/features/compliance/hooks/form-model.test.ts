// The compliance builder's form: a saved form opens as it was written, and what the builder
// sends is what the server's own schema accepts (or refuses, with the field to show).
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { complianceFormInput, type ComplianceFormWire } from '../../../../domain/compliance-form';
import { fieldErrors } from '../../../../domain/validation';
import { draftOf, emptyDraft, newQuestion, payloadOf, textsOf } from './form-model';

const QID = '0190a5c4-1b2c-7d3e-8f40-123456789abc';
const saved: ComplianceFormWire = {
  id: 'f1',
  name: 'Health check',
  version: 3,
  questions: [{ id: QID, text: { en: 'Any fever?', ar: 'هل لديك حمى؟' }, desired: 'no' }],
  agreement_text: 'I agree',
  statement: { en: 'Stay home if ill', es: 'Quédese en casa si está enfermo' },
  document_required: true,
  protocols: ['eu_dcc'],
  accept_negative_pcr: true,
  pcr_valid_days: 3,
  versions: [{ version: 3, answers: 12 }],
};

describe('the compliance builder’s form', () => {
  it('opens a saved form with its texts per language and sends it back unchanged', () => {
    const d = draftOf(saved);
    expect(d.questions[0]).toMatchObject({ id: QID, text: { en: 'Any fever?', ar: 'هل لديك حمى؟', es: '' } });
    expect(d.agreement).toEqual({ en: 'I agree', ar: '', es: '' });
    expect(d.pcrValidDays).toBe('3');
    const parsed = v.parse(complianceFormInput, payloadOf(d));
    expect(d.name).toEqual({ en: 'Health check', ar: '', es: '' });
    expect(parsed).toMatchObject({
      name: { en: 'Health check' },
      questions: [{ id: QID, text: { en: 'Any fever?', ar: 'هل لديك حمى؟' }, desired: 'no' }],
      agreement_text: { en: 'I agree' },
      protocols: ['eu_dcc'],
      pcr_valid_days: 3,
    });
  });

  it('sends the name in each language written, and refuses a name of one letter in any of them', () => {
    const named = { ...draftOf(saved), name: { en: 'Health check', ar: 'الفحص الصحي', es: '' } };
    expect(payloadOf(named).name).toEqual({ en: 'Health check', ar: 'الفحص الصحي' });
    const short = v.safeParse(
      complianceFormInput,
      payloadOf({ ...named, name: { en: 'Health check', ar: 'ف', es: '' } }),
    );
    expect(short.success).toBe(false);
    expect(fieldErrors(short.issues!).name).toEqual(['validation.too_short']);
  });

  it('reads a plain stored text as the company’s default language', () => {
    expect(textsOf('Hola', 'es')).toEqual({ en: '', ar: '', es: 'Hola' });
    expect(textsOf(null)).toEqual({ en: '', ar: '', es: '' });
  });

  it('drops protocols when no document is required, and PCR days when negative tests are not accepted', () => {
    const d = { ...draftOf(saved), documentRequired: false, acceptNegativePcr: false };
    const body = payloadOf(d);
    expect(body.protocols).toEqual([]);
    expect(body.pcr_valid_days).toBeNull();
    expect(v.safeParse(complianceFormInput, body).success).toBe(true);
  });

  it('sends a new question without an id and only the languages written', () => {
    const q = { ...newQuestion(), text: { en: ' Masked? ', ar: '', es: '' }, desired: 'yes' as const };
    const body = payloadOf({ ...draftOf(saved), questions: [q] });
    expect(body.questions).toEqual([{ text: { en: ' Masked? ' }, desired: 'yes' }]);
  });

  it('an empty new form is refused where the admin must still write', () => {
    const r = v.safeParse(complianceFormInput, payloadOf(emptyDraft()));
    expect(r.success).toBe(false);
    const errors = fieldErrors(r.issues!);
    expect(Object.keys(errors)).toEqual(expect.arrayContaining(['name', 'agreement_text', 'statement']));
  });

  it('a question without a passing answer is refused on that question', () => {
    const q = { ...newQuestion(), text: { en: 'Fever?', ar: '', es: '' } };
    const d = { ...draftOf(saved), questions: [q] };
    const r = v.safeParse(complianceFormInput, payloadOf(d));
    expect(r.success).toBe(false);
    expect(Object.values(fieldErrors(r.issues!)).flat()).toContain('validation.compliance_answer');
  });
});
