// The entry-condition answers a kiosk recorded with the visit (complianceAnswers row, synced):
// each question in the reader's language with the answer given, and the form version answered.
import { Group, Stack, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import type { ComplianceAnswerItem, ComplianceQuestion } from '../../../../domain/compliance';
import { textIn } from '../../../../domain/localized-text';
import { useDb } from '../../../db/db-context';

export function VisitComplianceAnswers({ personId, kioskVisitId }: { personId: string; kioskVisitId: unknown }) {
  const { t, i18n } = useTranslation();
  const db = useDb();
  const found = useLiveQuery(async () => {
    if (typeof kioskVisitId !== 'string') return null;
    const answers = await db.complianceAnswers
      .where('[personId+complianceId]')
      .between([personId], [personId, []])
      .toArray();
    const answer = answers.find((a) => a.visitId === kioskVisitId);
    if (!answer) return null;
    // Question ids survive a new version, so the current form still names the questions.
    const form = await db.complianceForms.get(answer.complianceId);
    return { answer, form };
  }, [db, personId, kioskVisitId]);
  if (!found) return null;
  const questions = (found.form?.questions ?? []) as ComplianceQuestion[];
  const items = (Array.isArray(found.answer.answers) ? found.answer.answers : []) as ComplianceAnswerItem[];
  return (
    <Stack gap={4} data-testid="visit-compliance-answers">
      <Text fw={600} size="sm">
        {t('visitCompliance.answersTitle')}
      </Text>
      <Text size="sm" c="dimmed">
        {found.form ? textIn(found.form.name, i18n.language) : '—'} ·{' '}
        {/* Devices hold only the current wording; an older answer says so rather than pass it off. */}
        {found.form && found.form.version !== found.answer.complianceVersion
          ? t('visitCompliance.versionOld', { version: found.answer.complianceVersion, current: found.form.version })
          : t('visitCompliance.version', { version: found.answer.complianceVersion })}
      </Text>
      {items.map((a) => {
        const q = questions.find((x) => x.id === a.questionId);
        return (
          <Group key={a.questionId} gap="xs" wrap="nowrap" align="flex-start" justify="space-between">
            <Text size="sm" dir="auto" style={{ overflowWrap: 'anywhere' }}>
              {q ? textIn(q.text, i18n.language) : '—'}
              {a.notes ? ` (${t('visitCompliance.notes', { notes: a.notes })})` : ''}
            </Text>
            <Text size="sm" fw={600} c={q && a.answer !== q.desired ? 'red' : undefined}>
              {t(`kiosk.compliance.${a.answer}`)}
            </Text>
          </Group>
        );
      })}
    </Stack>
  );
}
