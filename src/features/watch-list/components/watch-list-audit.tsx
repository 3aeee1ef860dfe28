// The watch list's audit trail: who changed which entry when, and which fields.
import { Paper, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../domain/date-format';
import type { WatchListAuditWire } from '../../../../domain/watch-list';
import { TableScroll } from '../../../ui/table-scroll';

export function WatchListAudit({ audit }: { audit: WatchListAuditWire[] | null }) {
  const { t, i18n } = useTranslation();
  // The language's own separators (Arabic reads "،" and "و").
  const list = new Intl.ListFormat(i18n.language, { type: 'unit' });
  if (audit && audit.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {t('watchList.auditEmpty')}
      </Text>
    );
  return (
    <Paper withBorder radius="md" p="md">
      <TableScroll minWidth={640}>
        <Table verticalSpacing="xs" data-testid="watch-audit">
          <Table.Thead>
            <Table.Tr>
              {(['when', 'who', 'change', 'entry', 'fields'] as const).map((c) => (
                <Table.Th key={c}>{t(`watchList.auditColumns.${c}`)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(audit ?? []).map((a) => (
              <Table.Tr key={a.id} data-testid="watch-audit-row">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(a.at, i18n.language)}</Table.Td>
                <Table.Td dir="auto">{a.actor_name}</Table.Td>
                <Table.Td>{t(`watchList.change.${a.change}`)}</Table.Td>
                <Table.Td dir="auto">{a.full_name}</Table.Td>
                <Table.Td>
                  <Text size="xs">{list.format(Object.keys(a.fields).map((f) => t(`watchList.auditField.${f}`)))}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </Paper>
  );
}
