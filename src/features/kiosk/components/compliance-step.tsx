// Compliance: the form's questions (yes/no), notes for a wrong answer (20 characters at least,
// or the question fails), the statement and the agreement. Evaluated in the rules worker.
import { useState } from 'react';
import { Button, Checkbox, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ComplianceAnswerItem } from '../../../../domain/compliance';
import { NOTES_MIN } from '../../../../domain/constants';
import type { KioskData, KioskFlow } from '../hooks/use-kiosk-data';
import { getRules } from '../hooks/use-rules';
import type { Draft } from '../journey/draft';

interface Props { data: KioskData; flow: KioskFlow | undefined; onDone: (patch: Partial<Draft>, stop?: boolean) => void; onCancel: () => void }

export function ComplianceStep({ data, flow, onDone, onCancel }: Props) {
  const { t } = useTranslation();
  const form = data.forms.find((f) => f.id === flow?.settings.compliance_id);
  const [answers, setAnswers] = useState<Record<string, ComplianceAnswerItem>>({});
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!form) return null;
  const set = (questionId: string, patch: Partial<ComplianceAnswerItem>) =>
    setAnswers((s) => ({ ...s, [questionId]: { questionId, answer: 'yes', ...s[questionId], ...patch } }));
  const complete = form.questions.every((q) => answers[q.id]);

  async function submit() {
    setBusy(true);
    const list = form!.questions.map((q) => answers[q.id]!).map((a) => (a.notes ? a : { questionId: a.questionId, answer: a.answer }));
    const result = await getRules().evaluateCompliance(form!, list, agreed);
    setBusy(false);
    onDone({ compliance: { formId: form!.id, version: form!.version, answers: list, agreed, outcome: result.outcome } }, result.outcome === 'failed');
  }

  return (
    <Stack gap="lg" data-testid="kiosk-compliance">
      <Title order={2}>{form.name}</Title>
      {form.questions.map((q, i) => {
        const a = answers[q.id];
        const wrong = a && a.answer !== q.desired;
        const notesLength = (a?.notes ?? '').trim().length;
        return (
          <Paper key={q.id} withBorder p="md" radius="md" data-testid="kiosk-question">
            <Text size="lg" fw={500} id={`q-${q.id}`}>{i + 1}. {q.text}</Text>
            <Group mt="sm" role="radiogroup" aria-labelledby={`q-${q.id}`}>
              {(['yes', 'no'] as const).map((answer) => (
                <Button key={answer} size="xl" role="radio" aria-checked={a?.answer === answer} variant={a?.answer === answer ? 'filled' : 'default'}
                  data-testid={`kiosk-answer-${answer}`} onClick={() => set(q.id, { answer })}>{t(`kiosk.compliance.${answer}`)}</Button>
              ))}
            </Group>
            {wrong ? (
              <Textarea mt="sm" size="lg" label={t('kiosk.compliance.notes')} description={t('kiosk.compliance.notesHint', { count: NOTES_MIN })}
                value={a.notes ?? ''} maxLength={1000} data-testid="kiosk-notes" onChange={(e) => set(q.id, { notes: e.currentTarget.value })}
                error={notesLength > 0 && notesLength < NOTES_MIN ? t('kiosk.compliance.notesShort', { count: NOTES_MIN }) : undefined} />
            ) : null}
          </Paper>
        );
      })}
      {form.statement ? <Text size="lg" fs="italic">{form.statement}</Text> : null}
      {form.agreementText ? (
        <Checkbox size="lg" label={form.agreementText} checked={agreed} onChange={(e) => setAgreed(e.currentTarget.checked)} data-testid="kiosk-agree" />
      ) : null}
      <div className="gh-kiosk-actions">
        <Button size="xl" variant="subtle" onClick={onCancel}>{t('kiosk.cancel')}</Button>
        <Button size="xl" onClick={() => void submit()} disabled={!complete} loading={busy} data-testid="kiosk-next">{t('kiosk.next')}</Button>
      </div>
    </Stack>
  );
}
