// The mail log: every invitation Gatehouse sent, or logged when no SMTP_URL is configured.
import { useEffect, useState } from 'react';
import { Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { formatDateTime } from '../../../../domain/date-format';
import { TableScroll } from '../../../ui/table-scroll';

interface MailRow {
  id: string;
  to: string;
  subject: string;
  status: 'logged' | 'sent' | 'failed';
  created_at: string;
  text: string;
}

export function MailLog() {
  const { t, i18n } = useTranslation();
  const [rows, setRows] = useState<MailRow[] | null>(null);
  useEffect(() => {
    void api.get<{ data: MailRow[] }>('/mail-log').then((r) => setRows(r.ok ? r.data.data : []));
  }, []);
  if (rows === null) return null;
  if (!rows.length) return <Text c="dimmed">{t('expectedVisits.mailEmpty')}</Text>;
  return (
    <TableScroll minWidth={560}>
      <Table verticalSpacing="xs" data-testid="mail-log">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('expectedVisits.mailAt')}</Table.Th>
            <Table.Th>{t('expectedVisits.mailTo')}</Table.Th>
            <Table.Th>{t('expectedVisits.mailSubject')}</Table.Th>
            <Table.Th>{t('expectedVisits.statusLabel')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((m) => (
            <Table.Tr key={m.id} title={m.text}>
              <Table.Td>{formatDateTime(m.created_at, i18n.language)}</Table.Td>
              <Table.Td dir="ltr" style={{ textAlign: 'start' }}>
                {m.to}
              </Table.Td>
              <Table.Td>{m.subject}</Table.Td>
              <Table.Td>
                <Badge
                  variant="light"
                  color={
                    m.status === 'failed'
                      ? 'red'
                      : m.status === 'sent'
                        ? 'teal'
                        : m.status === 'logged'
                          ? 'gray'
                          : 'yellow'
                  }
                >
                  {t(`expectedVisits.mailStatus.${m.status}`)}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
