// The visit's compliance form on a phone: yes/no per question, notes for a wrong answer (20
// characters at least, or that question fails — domain/compliance.ts, the kiosk's rule), the
// statement and the agreement. The form's own texts are the entity's words in whatever
// language it wrote them: dir="auto" keeps their punctuation right on an Arabic page.
import { useState } from 'react';
import { Button, Checkbox, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ComplianceAnswerItem, ComplianceForm } from '../../../../domain/compliance';
import { NOTES_MIN } from '../../../../domain/constants';
import { textIn } from '../../../../domain/localized-text';

interface Props {
  form: ComplianceForm;
  busy: boolean;
  onSubmit: (answers: ComplianceAnswerItem[], agreed: boolean) => void;
}

export function OnlineComplianceForm({ form, busy, onSubmit }: Props) {
  const { t, i18n } = useTranslation();
  // The visitor's language, falling back to the company's default (English until it has one).
  const say = (text: Parameters<typeof textIn>[0]) => textIn(text, i18n.language, 'en');
  const [answers, setAnswers] = useState<Record<string, ComplianceAnswerItem>>({});
  const [agreed, setAgreed] = useState(false);
  const set = (questionId: string, patch: Partial<ComplianceAnswerItem>) =>
    setAnswers((s) => ({ ...s, [questionId]: { questionId, answer: 'yes', ...s[questionId], ...patch } }));
  const complete = form.questions.every((q) => answers[q.id]);
  function submit() {
    // Notes only travel with a wrong answer: a right answer's leftover notes mean nothing.
    const list = form.questions
      .map((q) => answers[q.id]!)
      .map((a) => {
        const wrong = a.answer !== form.questions.find((q) => q.id === a.questionId)!.desired;
        return wrong && a.notes
          ? { questionId: a.questionId, answer: a.answer, notes: a.notes }
          : { questionId: a.questionId, answer: a.answer };
      });
    onSubmit(list, agreed);
  }

  return (
    <Stack gap="md" data-testid="online-compliance-form">
      <Text fw={600} size="lg" dir="auto">
        {say(form.name)}
      </Text>
      {form.questions.map((q, i) => {
        const a = answers[q.id];
        const wrong = a && a.answer !== q.desired;
        const notesLength = (a?.notes ?? '').trim().length;
        return (
          <Paper key={q.id} withBorder p="sm" radius="md" data-testid="online-question">
            <Text fw={500} id={`oq-${q.id}`} dir="auto">
              {i + 1}. {say(q.text)}
            </Text>
            <Group mt="xs" role="radiogroup" aria-labelledby={`oq-${q.id}`} grow>
              {(['yes', 'no'] as const).map((answer) => (
                <Button
                  key={answer}
                  size="md"
                  role="radio"
                  aria-checked={a?.answer === answer}
                  variant={a?.answer === answer ? 'filled' : 'default'}
                  data-testid={`online-answer-${answer}`}
                  onClick={() => set(q.id, { answer })}
                >
                  {t(`onlineCompliance.${answer}`)}
                </Button>
              ))}
            </Group>
            {wrong ? (
              <Textarea
                mt="sm"
                label={t('onlineCompliance.notes')}
                description={t('onlineCompliance.notesHint', { count: NOTES_MIN })}
                value={a.notes ?? ''}
                maxLength={1000}
                autosize
                minRows={2}
                data-testid="online-notes"
                onChange={(e) => set(q.id, { notes: e.currentTarget.value })}
                error={
                  notesLength > 0 && notesLength < NOTES_MIN
                    ? t('onlineCompliance.notesShort', { count: NOTES_MIN })
                    : undefined
                }
              />
            ) : null}
          </Paper>
        );
      })}
      {say(form.statement) ? (
        <Text fs="italic" dir="auto">
          {say(form.statement)}
        </Text>
      ) : null}
      {say(form.agreementText) ? (
        <Checkbox
          label={<span dir="auto">{say(form.agreementText)}</span>}
          checked={agreed}
          onChange={(e) => setAgreed(e.currentTarget.checked)}
          data-testid="online-agree"
        />
      ) : null}
      <Button size="md" onClick={submit} disabled={!complete} loading={busy} data-testid="online-submit">
        {t('onlineCompliance.submit')}
      </Button>
    </Stack>
  );
}
