import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { complianceDue, evaluateCompliance, type ComplianceForm } from './compliance';

const form: Pick<ComplianceForm, 'questions' | 'agreementText'> = {
  questions: [
    { id: 'q1', text: 'Feeling well?', desired: 'yes' },
    { id: 'q2', text: 'Fever?', desired: 'no' },
  ],
  agreementText: 'I agree to the site rules',
};

describe('evaluateCompliance', () => {
  it('passes when every answer is the desired one and the agreement is accepted', () => {
    expect(
      evaluateCompliance(
        form,
        [
          { questionId: 'q1', answer: 'yes' },
          { questionId: 'q2', answer: 'no' },
        ],
        true,
      ).outcome,
    ).toBe('passed');
  });
  it('fails the question when a wrong answer has notes under 20 characters', () => {
    const result = evaluateCompliance(
      form,
      [
        { questionId: 'q1', answer: 'no', notes: 'bit tired' },
        { questionId: 'q2', answer: 'no' },
      ],
      true,
    );
    expect(result.outcome).toBe('failed');
    expect(result.questions[0]).toMatchObject({ status: 'failed', code: 'compliance.notes_too_short' });
  });
  it('accepts a wrong answer explained in 20 characters or more, flagged as wrong', () => {
    const result = evaluateCompliance(
      form,
      [
        { questionId: 'q1', answer: 'no', notes: 'Mild hay fever, not contagious' },
        { questionId: 'q2', answer: 'no' },
      ],
      true,
    );
    expect(result).toMatchObject({ outcome: 'wrong_explained', isWrong: true });
  });
  it('fails when the agreement is not accepted or a question is unanswered', () => {
    expect(
      evaluateCompliance(
        form,
        [
          { questionId: 'q1', answer: 'yes' },
          { questionId: 'q2', answer: 'no' },
        ],
        false,
      ).outcome,
    ).toBe('failed');
    expect(evaluateCompliance(form, [{ questionId: 'q1', answer: 'yes' }], true).outcome).toBe('failed');
  });
  it('notes length decides exactly at 20 characters (trimmed)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (notes) => {
        const r = evaluateCompliance(
          form,
          [
            { questionId: 'q1', answer: 'no', notes },
            { questionId: 'q2', answer: 'no' },
          ],
          true,
        );
        expect(r.outcome === 'failed').toBe(notes.trim().length < 20);
      }),
    );
  });
});

describe('complianceDue', () => {
  const monday9 = Date.UTC(2026, 0, 12, 9); // a Monday
  it('every time is always due; never passed is always due', () => {
    expect(complianceDue('every time', { at: monday9 }, monday9 + 1)).toBe(true);
    expect(complianceDue('daily', null, monday9)).toBe(true);
  });
  it('daily holds for the same day only', () => {
    expect(complianceDue('daily', { at: monday9 }, monday9 + 3 * 3600_000)).toBe(false);
    expect(complianceDue('daily', { at: monday9 }, monday9 + 16 * 3600_000)).toBe(true);
  });
  it('weekly holds from Monday to Sunday', () => {
    expect(complianceDue('weekly', { at: monday9 }, monday9 + 6 * 86_400_000)).toBe(false);
    expect(complianceDue('weekly', { at: monday9 }, monday9 + 7 * 86_400_000)).toBe(true);
  });
  it('monthly holds within the calendar month', () => {
    expect(complianceDue('monthly', { at: monday9 }, Date.UTC(2026, 0, 31))).toBe(false);
    expect(complianceDue('monthly', { at: monday9 }, Date.UTC(2026, 1, 1))).toBe(true);
  });
  it('valid until expiry holds until the expiry time; one-off holds forever', () => {
    expect(complianceDue('valid until expiry', { at: monday9, expiresAt: monday9 + 1000 }, monday9 + 999)).toBe(false);
    expect(complianceDue('valid until expiry', { at: monday9, expiresAt: monday9 + 1000 }, monday9 + 1000)).toBe(true);
    expect(complianceDue('one-off', { at: 0 }, monday9)).toBe(false);
  });
  it('a pass is never due again at the moment it was made', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4e12 }),
        fc.constantFrom('daily', 'weekly', 'monthly' as const),
        (at, f) => {
          expect(complianceDue(f, { at }, at)).toBe(false);
        },
      ),
    );
  });
});
