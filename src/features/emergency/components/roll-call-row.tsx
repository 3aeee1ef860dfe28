// One person on the roll call: who and where, their status, the status buttons, and when two
// wardens disagreed, the conflict with the buttons that settle it.
import { memo } from 'react';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MARKABLE_STATUSES, type MarkableStatus, type RollCallStatus } from '../../../../domain/emergency';
import type { RollCallEntry } from '../../../../domain/emergency-roll-call';
import { useClock } from './format';

export const STATUS_COLOR: Record<RollCallStatus, string> = {
  unaccounted: 'gray',
  safe: 'teal',
  injured: 'orange',
  missing: 'red',
  left_site: 'blue',
};

interface RowProps {
  entry: RollCallEntry;
  name: string;
  where: string;
  pending: boolean;
  canMark: boolean;
  nameOf: (userId: string | null) => string;
  onMark: (personId: string, status: MarkableStatus, settles: boolean) => void;
}

/** The roll call is re-derived on every mark; a row re-renders only when what it shows changed. */
const sameRow = (a: RowProps, b: RowProps) =>
  a.name === b.name &&
  a.where === b.where &&
  a.pending === b.pending &&
  a.canMark === b.canMark &&
  a.nameOf === b.nameOf &&
  a.onMark === b.onMark &&
  a.entry.status === b.entry.status &&
  a.entry.latest?.id === b.entry.latest?.id &&
  a.entry.conflict.map((m) => m.id).join() === b.entry.conflict.map((m) => m.id).join();

export const RollCallRow = memo(function RollCallRow({
  entry,
  name,
  where,
  pending,
  canMark,
  nameOf,
  onMark,
}: RowProps) {
  const { t } = useTranslation();
  const { time } = useClock();
  const contested = entry.conflict.length > 0;
  return (
    <Stack
      gap={6}
      className="gh-em-row"
      data-testid="roll-call-row"
      data-person-id={entry.personId}
      data-status={entry.status}
      data-conflict={contested}
      data-pending={pending}
    >
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={0} style={{ minInlineSize: 0 }}>
          <Text fw={600}>{name}</Text>
          <Text size="sm" c="dimmed">
            {where}
            {entry.latest?.markedBy ? ` · ${nameOf(entry.latest.markedBy)} ${time(entry.latest.at)}` : ''}
          </Text>
        </Stack>
        <Group gap="xs">
          {pending ? (
            <Badge color="yellow" variant="light" className="gh-no-print">
              {t('emergency.session.pending')}
            </Badge>
          ) : null}
          <Badge color={STATUS_COLOR[entry.status]} variant="filled" size="lg" data-testid="status-badge">
            {t(`emergency.status.${entry.status}`)}
          </Badge>
        </Group>
      </Group>
      {canMark && !contested ? (
        <div className="gh-no-print gh-em-marks">
          {MARKABLE_STATUSES.map((s) => (
            <Button
              key={s}
              size="sm"
              px={6}
              className="gh-em-status-button"
              color={STATUS_COLOR[s]}
              variant={entry.status === s ? 'filled' : 'light'}
              aria-pressed={entry.status === s}
              data-testid={`mark-${s}`}
              onClick={() => onMark(entry.personId, s, false)}
            >
              {t(`emergency.status.${s}`)}
            </Button>
          ))}
        </div>
      ) : null}
      {contested ? (
        <Stack gap={6} className="gh-em-conflict" data-testid="conflict">
          <Text size="sm" fw={600} c="red.8">
            {t('emergency.session.conflict')}
          </Text>
          {entry.conflict.map((m) => (
            <Text size="sm" key={m.id}>
              {t('emergency.session.conflictMark', {
                name: nameOf(m.markedBy),
                status: t(`emergency.status.${m.status}`),
                time: time(m.at),
              })}
            </Text>
          ))}
          {canMark ? (
            <Group gap="xs" className="gh-no-print">
              <Text size="sm">{t('emergency.session.settleAs')}</Text>
              {MARKABLE_STATUSES.map((s) => (
                <Button
                  key={s}
                  size="sm"
                  className="gh-em-status-button"
                  color={STATUS_COLOR[s]}
                  variant="outline"
                  data-testid={`settle-${s}`}
                  onClick={() => onMark(entry.personId, s, true)}
                >
                  {t(`emergency.status.${s}`)}
                </Button>
              ))}
            </Group>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}, sameRow);
