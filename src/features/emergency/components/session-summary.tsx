// The numbers of a session: on site, accounted for, missing, each status, conflicts, and its
// times. Shown live during the session and kept as its summary once it ends.
import { Group, Paper, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ROLL_CALL_STATUSES, type RollCallStatus } from '../../../../domain/emergency';
import type { RollCallSummary } from '../../../../domain/emergency-roll-call';
import { useClock } from './format';
import { STATUS_COLOR } from './roll-call-row';

function Figure({
  label,
  value,
  testId,
  color,
  active,
  onClick,
}: {
  label: string;
  value: number | string;
  testId: string;
  color?: string;
  active?: boolean;
  onClick?: () => void;
}) {
  const body = (
    <Stack
      gap={0}
      p="xs"
      style={{ borderRadius: 8, outline: active ? '2px solid var(--mantine-color-navy-6)' : undefined }}
    >
      <Text size="xl" fw={700} c={color} data-testid={testId} data-value={value}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
  return onClick ? (
    <UnstyledButton onClick={onClick} aria-pressed={active}>
      {body}
    </UnstyledButton>
  ) : (
    body
  );
}

export function SessionSummary({
  summary,
  statusFilter,
  onStatus,
}: {
  summary: RollCallSummary;
  statusFilter: RollCallStatus | null;
  onStatus: (s: RollCallStatus | null) => void;
}) {
  const { t } = useTranslation();
  const { dateTime, duration } = useClock();
  return (
    <Paper withBorder radius="md" p="md" data-testid="session-summary">
      <SimpleGrid cols={{ base: 3, sm: 5, md: 9 }} spacing="xs">
        <Figure
          label={t('emergency.summary.total')}
          value={summary.total}
          testId="count-total"
          onClick={() => onStatus(null)}
          active={statusFilter === null}
        />
        <Figure
          label={t('emergency.summary.accounted')}
          value={summary.accounted}
          testId="count-accounted"
          color="teal.8"
        />
        <Figure
          label={t('emergency.summary.notAccounted')}
          value={summary.notAccounted}
          testId="count-not-accounted"
          color="red.8"
        />
        {ROLL_CALL_STATUSES.map((s) => (
          <Figure
            key={s}
            label={t(`emergency.status.${s}`)}
            value={summary.byStatus[s]}
            testId={`count-${s}`}
            color={`${STATUS_COLOR[s]}.8`}
            active={statusFilter === s}
            onClick={() => onStatus(statusFilter === s ? null : s)}
          />
        ))}
        <Figure
          label={t('emergency.summary.conflicts')}
          value={summary.conflicts}
          testId="count-conflicts"
          color={summary.conflicts ? 'red.8' : undefined}
        />
      </SimpleGrid>
      <Group gap="md" mt="xs">
        <Text size="sm" c="dimmed">
          {t('emergency.summary.startedAt', { time: dateTime(summary.startedAt) })}
        </Text>
        {summary.endedAt !== null ? (
          <Text size="sm" c="dimmed">
            {t('emergency.summary.endedAt', { time: dateTime(summary.endedAt) })}
          </Text>
        ) : null}
        {summary.durationMs !== null ? (
          <Text size="sm" c="dimmed">
            {t('emergency.summary.duration', { duration: duration(summary.durationMs) })}
          </Text>
        ) : null}
      </Group>
    </Paper>
  );
}
