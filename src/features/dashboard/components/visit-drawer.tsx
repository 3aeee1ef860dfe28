// A visit's details: who, when, where, the journey's record (host, checks, compliance,
// stage) and the person's events around it. Read from this device's data, so it opens offline.
import { Badge, Drawer, Group, Stack, Table, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { hostIdsOf, type LogbookRow } from '../../../../domain/logbook';
import { eventNoteKey } from '../../../../domain/auto-sign-out';
import { useDb } from '../../../db/db-context';
import { UserPhoto } from '../../../ui/user-photo';
import { formatDate, formatTime } from '../format';
import { readingUnit, visitRecordLines } from '../visit-record';
import { VisitComplianceAnswers } from './visit-compliance-answers';
import { VisitCustomFields } from './visit-custom-fields';
import { VisitVaccineStatus } from './vaccine-status-badge';
import { VisitNotifications } from './visit-notifications';

const DAY = 86_400_000;

export function VisitDrawer({ row, onClose }: { row: LogbookRow | null; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const db = useDb();
  const events =
    useLiveQuery(async () => {
      if (!row) return [];
      const list = await db.visitEvents.where('personId').equals(row.personId).toArray();
      return list.filter((e) => Math.abs(e.at - row.timeIn) < DAY).sort((a, b) => a.at - b.at);
    }, [db, row?.personId, row?.timeIn]) ?? [];
  const areas = useLiveQuery(() => db.areas.toArray(), [db]) ?? [];
  // The person's photo URL arrives with their synced record (the image itself needs a connection).
  const photo = useLiveQuery(
    async () => (row ? ((await db.people.get(row.personId)) as { image?: string | null } | undefined)?.image : null),
    [db, row?.personId],
  );
  const signIn = events.find((e) => e.id === row?.id);
  const details = (signIn?.details ?? {}) as Record<string, unknown>;
  const hostIds = hostIdsOf(details).join(',');
  const hosts = useLiveQuery(async () => (hostIds ? await db.people.bulkGet(hostIds.split(',')) : []), [db, hostIds]);
  const modes = useLiveQuery(() => db.attendanceModes.toArray(), [db]) ?? [];
  const shown = visitRecordLines(details, {
    personName: (id) => hosts?.find((p) => p?.id === id)?.fullName,
    reasonName: (id) => modes.flatMap((m) => m.reasons).find((r) => r.id === id)?.name,
    // No company-wide unit is stored yet: a reading is shown in the unit it was taken in.
    unit: readingUnit(details),
    status: row?.status ?? null,
  });

  return (
    <Drawer
      opened={row !== null}
      onClose={onClose}
      position={i18n.dir() === 'rtl' ? 'left' : 'right'}
      title={t('logbook.visitDetails')}
      data-testid="visit-drawer"
    >
      {row ? (
        <Stack gap="md">
          <Group>
            <UserPhoto src={photo} name={row.fullName} size="lg" />
            <Stack gap={0}>
              <Text fw={600}>{row.fullName}</Text>
              <Text size="sm" c="dimmed">
                {row.userTypeName ?? '—'} · {row.siteName ?? '—'} · {row.areaName ?? '—'}
              </Text>
            </Stack>
          </Group>
          <Group gap="xs">
            <Badge variant="light">{t(`logbook.statuses.${row.status}`)}</Badge>
            <Text size="sm">
              {formatDate(row.timeIn, i18n.language)} {formatTime(row.timeIn, i18n.language)} →{' '}
              {formatTime(row.timeOut, i18n.language)}
            </Text>
          </Group>
          {events.some((e) => e.clockUntrusted) ? (
            // a time stored at its receipt because the device's clock had moved.
            <Text size="sm" c="orange.8" data-testid="visit-clock-untrusted">
              {t('deviceClock.untrusted')}
            </Text>
          ) : null}
          <Stack gap={4}>
            <Text fw={600} size="sm">
              {t('logbook.journeyRecord')}
            </Text>
            {shown.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('logbook.noDetails')}
              </Text>
            ) : (
              shown.map((line, i) => (
                <Group key={i} gap="xs" wrap="nowrap" align="flex-start" data-testid="visit-record-line">
                  <Text size="sm" c="dimmed" miw={110}>
                    {t(line.label)}
                  </Text>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {'text' in line.value ? line.value.text : t(line.value.key, line.value.params)}
                  </Text>
                </Group>
              ))
            )}
          </Stack>
          <VisitComplianceAnswers personId={row.personId} kioskVisitId={details.visitId} />
          <VisitCustomFields kioskVisitId={details.visitId} />
          <VisitVaccineStatus personId={row.personId} kioskVisitId={details.visitId} />
          <VisitNotifications kioskVisitId={details.visitId} />
          <Stack gap={4}>
            <Text fw={600} size="sm">
              {t('logbook.history')}
            </Text>
            <Table verticalSpacing={4} data-testid="visit-events">
              <Table.Tbody>
                {events.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td>{formatTime(e.at, i18n.language)}</Table.Td>
                    <Table.Td>{e.kind === 'in' ? t('quickSignIn.signIn') : t('quickSignIn.signOut')}</Table.Td>
                    <Table.Td>{areas.find((a) => a.id === e.areaId)?.name ?? '—'}</Table.Td>
                    <Table.Td data-testid="visit-event-note">
                      {eventNoteKey(e.details) ? t(eventNoteKey(e.details)!) : ''}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        </Stack>
      ) : null}
    </Drawer>
  );
}
