// The phone's answers must be the form's own questions, each once; evaluation is the kiosk's.
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { evaluateCompliance } from './compliance';
import { answersProblem, onlineComplianceBody } from './online-compliance';

const form = {
  questions: [
    { id: 'q1', text: 'Well?', desired: 'yes' as const },
    { id: 'q2', text: 'Fever?', desired: 'no' as const },
  ],
  agreementText: 'I agree',
};

describe('online compliance answers', () => {
  it("accepts the form's questions answered once each", () => {
    expect(
      answersProblem(form, [
        { questionId: 'q1', answer: 'yes' },
        { questionId: 'q2', answer: 'no' },
      ]),
    ).toBeNull();
  });
  it('refuses a question the form does not have, and a question answered twice', () => {
    expect(answersProblem(form, [{ questionId: 'qx', answer: 'yes' }])).toBe('errors.compliance_unknown_question');
    expect(
      answersProblem(form, [
        { questionId: 'q1', answer: 'yes' },
        { questionId: 'q1', answer: 'no' },
      ]),
    ).toBe('errors.compliance_duplicate_answer');
  });
  it('needs at least one answer and the agreement flag in the body', () => {
    expect(v.safeParse(onlineComplianceBody, { answers: [], agreed: true }).success).toBe(false);
    expect(v.safeParse(onlineComplianceBody, { answers: [{ questionId: 'q1', answer: 'yes' }] }).success).toBe(false);
  });
  it('evaluates like the kiosk: a wrong answer with 19-character notes fails, with 20 it is explained', () => {
    const with19 = evaluateCompliance(
      form,
      [
        { questionId: 'q1', answer: 'no', notes: 'a'.repeat(19) },
        { questionId: 'q2', answer: 'no' },
      ],
      true,
    );
    const with20 = evaluateCompliance(
      form,
      [
        { questionId: 'q1', answer: 'no', notes: 'a'.repeat(20) },
        { questionId: 'q2', answer: 'no' },
      ],
      true,
    );
    expect(with19.outcome).toBe('failed');
    expect(with20.outcome).toBe('wrong_explained');
  });
});
