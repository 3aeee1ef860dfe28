// The form's questions: each text in three languages and the answer that passes (positive
// "yes" or negative "no"); questions can be added and removed.
import { ActionIcon, Button, Group, Paper, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { COMPLIANCE_QUESTION_MAX } from '../../../../domain/compliance-form';
import { newQuestion, type QuestionDraft } from '../hooks/form-model';
import { LocalizedInput } from '../../../ui/localized-input';

interface Props {
  questions: QuestionDraft[];
  onChange: (questions: QuestionDraft[]) => void;
  errors: Record<string, string[]>;
}

export function QuestionList({ questions, onChange, errors }: Props) {
  const { t } = useTranslation();
  const patch = (i: number, p: Partial<QuestionDraft>) =>
    onChange(questions.map((q, j) => (j === i ? { ...q, ...p } : q)));
  return (
    <Stack gap="sm">
      <Text fw={600}>{t('complianceBuilder.questions')}</Text>
      {errors.questions ? (
        <Text size="sm" c="red" role="alert">
          {errors.questions.join(' ')}
        </Text>
      ) : null}
      {questions.map((q, i) => (
        <Paper key={q.key} withBorder radius="md" p="sm" data-testid="builder-question">
          <Stack gap="xs">
            <LocalizedInput
              label={t('complianceBuilder.question', { n: i + 1 })}
              value={q.text}
              maxLength={COMPLIANCE_QUESTION_MAX}
              onChange={(text) => patch(i, { text })}
              error={errors[`questions.${i}.text`]?.join(' ')}
              testId={`question-${i}`}
            />
            <Group justify="space-between" align="flex-end" wrap="wrap">
              <Radio.Group
                label={t('complianceBuilder.desired')}
                value={q.desired ?? ''}
                onChange={(v) => patch(i, { desired: v as 'yes' | 'no' })}
                error={errors[`questions.${i}.desired`]?.join(' ')}
                data-testid={`question-${i}-desired`}
              >
                <Group gap="md" mt={4}>
                  <Radio value="yes" label={t('complianceBuilder.desiredYes')} data-testid={`question-${i}-yes`} />
                  <Radio value="no" label={t('complianceBuilder.desiredNo')} data-testid={`question-${i}-no`} />
                </Group>
              </Radio.Group>
              {questions.length > 1 ? (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={t('complianceBuilder.removeQuestion', { n: i + 1 })}
                  onClick={() => onChange(questions.filter((_, j) => j !== i))}
                >
                  ×
                </ActionIcon>
              ) : null}
            </Group>
          </Stack>
        </Paper>
      ))}
      <Group>
        <Button variant="light" onClick={() => onChange([...questions, newQuestion()])} data-testid="add-question">
          {t('complianceBuilder.addQuestion')}
        </Button>
      </Group>
    </Stack>
  );
}
