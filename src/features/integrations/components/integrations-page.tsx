// /integration: the company's directory integrations with their status, and the
// way into creating, editing and syncing one.
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Table } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../../../domain/date-format';
import type { IntegrationStatus, IntegrationWire } from '../../../../domain/integrations';
import { api } from '../../../api/client';
import { PageTitle } from '../../../ui/page-title';
import { TableScroll } from '../../../ui/table-scroll';
import { EmptyRow } from '../../../ui/empty-row';

export const STATUS_COLOR: Record<IntegrationStatus, string> = {
  draft: 'gray',
  active: 'teal',
  'active with errors': 'yellow',
  'authentication failed': 'red',
  inactive: 'gray',
  invalid: 'red',
};

export function IntegrationsPage() {
  const { t, i18n } = useTranslation();
  const [rows, setRows] = useState<IntegrationWire[] | null>(null);
  const [offline, setOffline] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    void api.get<{ data: IntegrationWire[] }>('/integrations', { signal: controller.signal }).then((res) => {
      if (controller.signal.aborted) return;
      if (res.ok) setRows(res.data.data);
      else setOffline(true);
    });
    return () => controller.abort();
  }, []);

  return (
    <Stack gap="md" data-testid="integrations" data-loaded={rows !== null}>
      <Group justify="space-between" wrap="wrap">
        <PageTitle>{t('integrations.title')}</PageTitle>
        <Button component={Link} to="/integration-settings">
          {t('integrations.add')}
        </Button>
      </Group>
      {offline && !rows ? <Alert color="yellow">{t('integrations.needsConnection')}</Alert> : null}
      <Paper withBorder radius="md" p="md">
        <TableScroll minWidth={640}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                {['name', 'kind', 'status', 'lastSync', 'actions'].map((c) => (
                  <Table.Th key={c}>{t(`integrations.list.${c}`)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows && rows.length === 0 ? (
                <EmptyRow colSpan={5} testId="integrations-empty">
                  {t('integrations.empty')}
                </EmptyRow>
              ) : null}
              {(rows ?? []).map((r) => (
                <Table.Tr key={r.id} data-testid={`integration-${r.id}`}>
                  <Table.Td>
                    <Anchor component={Link} to={`/view-integration/${r.id}/${encodeURIComponent(r.name)}`}>
                      {r.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{t(`integrations.kind.${r.kind}`)}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOR[r.status]} variant="light" data-testid="integration-status">
                      {t(`integrations.status.${r.status.replace(/ /g, '_')}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{r.last_sync_at ? formatDateTime(r.last_sync_at, i18n.language) : '—'}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button size="xs" variant="light" component={Link} to={`/integration-settings?id=${r.id}`}>
                        {t('integrations.edit')}
                      </Button>
                      <Button size="xs" component={Link} to={`/sync-integration?id=${r.id}`}>
                        {t('integrations.sync')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      </Paper>
    </Stack>
  );
}
