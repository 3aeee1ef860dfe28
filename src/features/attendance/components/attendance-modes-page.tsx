// /attendance-modes: every mode with its hours, grace, on-time code and reasons; adding and
// editing go to /add-attendance-mode and /add-reason, and come back here after saving.
import { useState } from 'react';
import { Badge, Button, Group, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { OfflineNotice } from '../../../ui/offline-notice';
import { PageTitle } from '../../../ui/page-title';
import type { ModeItem, ReasonItem } from '../attendance-wire';
import { useModes, useSend } from '../hooks/use-attendance';
import { weekdayName } from '../weekday-names';
import { TableScroll } from '../../../ui/table-scroll';

export function AttendanceModesPage() {
  const { t } = useTranslation();
  const { modes, reload } = useModes();
  const send = useSend();

  const [pending, setPending] = useState<{ row: 'attendance_mode' | 'reason'; id: string; name: string } | null>(null);
  const remove = (row: 'attendance_mode' | 'reason', id: string, name: string) => setPending({ row, id, name });
  async function confirmRemove() {
    if (!pending) return;
    const res = await send('DELETE', `/${pending.row}/${pending.id}`, undefined, t('attendance.deleted'));
    setPending(null);
    if (res.ok) await reload();
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <PageTitle>{t('routes.attendanceModes')}</PageTitle>
        <Button component={Link} to="/add-attendance-mode" data-testid="add-mode">
          {t('attendance.addMode')}
        </Button>
      </Group>
      <OfflineNotice />
      {modes && modes.length === 0 ? <Text c="dimmed">{t('attendance.empty')}</Text> : null}
      {(modes ?? []).map((m) => (
        <ModeCard key={m.id} mode={m} onDelete={remove} />
      ))}
      <Modal opened={pending !== null} onClose={() => setPending(null)} title={t('attendance.deleteTitle')}>
        <Text dir="auto">{t('attendance.deleteBody', { name: pending?.name ?? '' })}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setPending(null)}>
            {t('attendance.cancel')}
          </Button>
          <Button color="red" data-testid="confirm-delete" onClick={() => void confirmRemove()}>
            {t('attendance.delete')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}

function ModeCard({
  mode,
  onDelete,
}: {
  mode: ModeItem;
  onDelete: (row: 'attendance_mode' | 'reason', id: string, name: string) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Paper withBorder radius="md" p="lg" data-testid="mode-card" data-name={mode.name}>
      <Group justify="space-between" align="center" gap="xs">
        <Title order={2} size="h4">
          <bdi>{mode.name}</bdi>
        </Title>
        <Group gap="xs">
          <Button variant="light" component={Link} to={`/add-attendance-mode?id=${mode.id}`} data-testid="edit-mode">
            {t('attendance.edit')}
          </Button>
          <Button component={Link} to={`/add-reason?mode=${mode.id}`} data-testid="add-reason">
            {t('attendance.addReason')}
          </Button>
          <Button variant="subtle" color="red" onClick={() => onDelete('attendance_mode', mode.id, mode.name)}>
            {t('attendance.delete')}
          </Button>
        </Group>
      </Group>
      <Stack gap={2} my="sm">
        <Text size="sm" c="dimmed">
          {mode.workingDays.map((d) => weekdayName(d, i18n.language)).join(' · ')}
        </Text>
        <Text size="sm">
          <bdi dir="ltr">
            {mode.startTime}–{mode.endTime}
          </bdi>{' '}
          · {t('attendance.graceSummary', { late: mode.lateGraceMinutes, early: mode.earlyGraceMinutes })} ·{' '}
          {t('attendance.onTimeCode')}: <Badge variant="light">{mode.attendanceCode}</Badge>
        </Text>
      </Stack>
      {mode.reasons.length ? (
        <TableScroll minWidth={760}>
          <Table verticalSpacing="xs" data-testid="reason-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('attendance.reasonName')}</Table.Th>
                <Table.Th>{t('attendance.type')}</Table.Th>
                <Table.Th>{t('attendance.range')}</Table.Th>
                <Table.Th>{t('attendance.duration')}</Table.Th>
                <Table.Th>{t('attendance.code')}</Table.Th>
                <Table.Th>
                  <span className="gh-visually-hidden">{t('attendance.actions')}</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {mode.reasons.map((r) => (
                <ReasonRow key={r.id} mode={mode} reason={r} onDelete={onDelete} />
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      ) : (
        <Text size="sm" c="dimmed">
          {t('attendance.noReasons')}
        </Text>
      )}
    </Paper>
  );
}

function ReasonRow({
  mode,
  reason: r,
  onDelete,
}: {
  mode: ModeItem;
  reason: ReasonItem;
  onDelete: (row: 'attendance_mode' | 'reason', id: string, name: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Table.Tr data-testid="reason-row">
      <Table.Td>
        <bdi>{r.name}</bdi>
      </Table.Td>
      <Table.Td>{t(`attendance.types.${r.type}`)}</Table.Td>
      <Table.Td dir="ltr">{r.startTime && r.endTime ? `${r.startTime}–${r.endTime}` : '—'}</Table.Td>
      <Table.Td>{r.durationMinutes ? t('attendance.minutes', { count: r.durationMinutes }) : '—'}</Table.Td>
      <Table.Td>
        <Badge variant="outline">{r.attendanceCode ?? mode.attendanceCode}</Badge>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button size="xs" variant="light" component={Link} to={`/add-reason?mode=${mode.id}&id=${r.id}`}>
            {t('attendance.edit')}
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={() => onDelete('reason', r.id, r.name)}>
            {t('attendance.delete')}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
