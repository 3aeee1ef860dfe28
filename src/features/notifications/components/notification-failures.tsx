// Failed host notifications of the last week, on the settings page an admin visits: who was not
// told, on which channel, and the provider's reason.
import { useEffect, useState } from 'react';
import { Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../domain/date-format';
import { api } from '../../../api/client';
import { TableScroll } from '../../../ui/table-scroll';

interface Failure {
  id: string;
  channel: string;
  reason: string | null;
  updatedAt: number;
  hostName: string | null;
  visitorName: string | null;
  /** An emergency alert's session name (visitorName is who started it). */
  emergency: string | null;
}

export function NotificationFailures({ refresh }: { refresh: number }) {
  const { t, i18n } = useTranslation();
  const [rows, setRows] = useState<Failure[] | null>(null);
  useEffect(() => {
    void api.get<{ data: Failure[] }>('/notification-failures').then((r) => setRows(r.ok ? r.data.data : []));
  }, [refresh]);
  if (rows === null) return null;
  return (
    <Stack gap="xs">
      <Title order={3}>{t('notifications.settings.failures')}</Title>
      {rows.length === 0 ? (
        <Text c="dimmed">{t('notifications.settings.noFailures')}</Text>
      ) : (
        <TableScroll minWidth={560}>
          <Table verticalSpacing="xs" data-testid="notification-failures">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('notifications.settings.when')}</Table.Th>
                <Table.Th>{t('notifications.settings.host')}</Table.Th>
                <Table.Th>{t('notifications.settings.visitor')}</Table.Th>
                <Table.Th>{t('notifications.settings.channel')}</Table.Th>
                <Table.Th>{t('notifications.settings.reason')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((f) => (
                <Table.Tr key={f.id}>
                  <Table.Td>{formatDateTime(f.updatedAt, i18n.language)}</Table.Td>
                  <Table.Td>{f.hostName ?? '—'}</Table.Td>
                  <Table.Td>
                    {f.emergency !== null
                      ? t('notifications.settings.emergencyAlert', { name: f.emergency, starter: f.visitorName ?? '—' })
                      : (f.visitorName ?? '—')}
                  </Table.Td>
                  <Table.Td>{t(`notifications.channels.${f.channel}`)}</Table.Td>
                  <Table.Td dir="ltr" style={{ textAlign: 'start', overflowWrap: 'anywhere' }}>
                    {f.reason}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </Stack>
  );
}
