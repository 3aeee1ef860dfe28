// Late sign-in / early sign-out reasons (spec 1 §4): the only reason comes preselected,
// several are chosen from.
import { useState } from 'react';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReasonChoice } from '../../../../domain/reasons';
import type { Draft } from '../journey/draft';

interface Props { choice: ReasonChoice; draft: Draft; onDone: (patch: Partial<Draft>) => void; onCancel: () => void }

export function ReasonStep({ choice, draft, onDone, onCancel }: Props) {
  const { t } = useTranslation();
  const reasons = choice.kind === 'preselected' ? [choice.reason] : choice.kind === 'choose' ? choice.reasons : [];
  const [picked, setPicked] = useState<string | null>(choice.kind === 'preselected' ? choice.reason.id : null);
  const reason = reasons.find((r) => r.id === picked);
  return (
    <Stack gap="lg" data-testid="kiosk-reason">
      <Title order={2}>{draft.action === 'in' ? t('kiosk.reason.late') : t('kiosk.reason.early')}</Title>
      <Text size="lg">{draft.person?.fullName}</Text>
      <Stack gap="xs" role="radiogroup" aria-label={t('kiosk.reason.pick')}>
        {reasons.map((r) => (
          <Button key={r.id} size="xl" role="radio" aria-checked={r.id === picked} variant={r.id === picked ? 'filled' : 'default'}
            className="gh-kiosk-person" data-testid="kiosk-reason-option" data-selected={r.id === picked} onClick={() => setPicked(r.id)}>{r.name}</Button>
        ))}
      </Stack>
      <div className="gh-kiosk-actions">
        <Button size="xl" variant="subtle" onClick={onCancel}>{t('kiosk.cancel')}</Button>
        <Button size="xl" disabled={!reason} data-testid="kiosk-next"
          onClick={() => reason && onDone({ reason: { reasonId: reason.id, ...(reason.attendanceCode ? { attendanceCode: reason.attendanceCode } : {}) } })}>
          {t('kiosk.confirm')}
        </Button>
      </div>
    </Stack>
  );
}
