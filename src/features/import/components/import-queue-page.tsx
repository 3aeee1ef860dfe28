// /users/import/queue: the company's imports, newest first, each with a live
// progress bar (socket event userImport) and a link to its details.
import { Alert, Anchor, Badge, Paper, Progress, Stack, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../../../domain/date-format';
import type { ImportJobWire, ImportStatus } from '../../../../domain/import';
import { api } from '../../../api/client';
import { useRealtimeEvent } from '../../../realtime/realtime-context';
import { PageTitle } from '../../../ui/page-title';
import { ImportNav } from './import-nav';
import { TableScroll } from '../../../ui/table-scroll';
import { EmptyRow } from '../../../ui/empty-row';

export const STATUS_COLOR: Record<ImportStatus, string> = {
  queued: 'gray',
  running: 'blue',
  done: 'teal',
  failed: 'red',
};

export function ImportQueuePage() {
  const { t, i18n } = useTranslation();
  const [jobs, setJobs] = useState<ImportJobWire[] | null>(null);
  const [offline, setOffline] = useState(false);
  const [version, setVersion] = useState(0);
  const [live, setLive] = useState<Record<string, { status: ImportStatus; done: number }>>({});

  useEffect(() => {
    const controller = new AbortController();
    void api.get<{ data: ImportJobWire[] }>('/users/imports', { signal: controller.signal }).then((res) => {
      if (controller.signal.aborted) return;
      if (res.ok) setJobs(res.data.data);
      else setOffline(true);
    });
    return () => controller.abort();
  }, [version]);
  useRealtimeEvent('userImport', (e) => {
    setLive((m) => ({ ...m, [e.id]: { status: e.status, done: e.rows_done } }));
    // A finished job's counts (created, updated, skipped) come from the list.
    if (e.status === 'done' || e.status === 'failed') setVersion((v) => v + 1);
  });

  return (
    <Stack gap="md" data-testid="import-queue" data-loaded={jobs !== null}>
      <PageTitle>{t('import.queue.title')}</PageTitle>
      <ImportNav />
      {offline && !jobs ? <Alert color="yellow">{t('import.needsConnection')}</Alert> : null}
      <Paper withBorder radius="md" p="md">
        <TableScroll minWidth={720}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                {['file', 'status', 'progress', 'created', 'updated', 'skipped', 'startedAt'].map((c) => (
                  <Table.Th key={c}>{t(`import.queue.${c}`)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {jobs && jobs.length === 0 ? (
                <EmptyRow colSpan={7} testId="import-queue-empty">
                  {t('import.queue.empty')}
                </EmptyRow>
              ) : null}
              {(jobs ?? []).map((j) => {
                const now = live[j.id];
                const status = now && j.status !== 'done' ? now.status : j.status;
                const done = Math.max(j.rows_done, now?.done ?? 0);
                const pct = j.rows_total ? Math.round((done / j.rows_total) * 100) : 100;
                return (
                  <Table.Tr key={j.id} data-testid={`import-job-${j.id}`} data-status={status}>
                    <Table.Td>
                      <Anchor component={Link} to={`/users/import/details/${j.id}`}>
                        {j.file_name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOR[status]} variant="light" data-testid="import-job-status">
                        {t(`import.status.${status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td miw={160}>
                      <Progress value={pct} aria-label={t('import.queue.progressOf', { file: j.file_name })} />
                      <Text size="xs" c="dimmed">
                        {t('import.queue.rowsOf', { done, total: j.rows_total })}
                      </Text>
                    </Table.Td>
                    <Table.Td>{j.created}</Table.Td>
                    <Table.Td>{j.updated}</Table.Td>
                    <Table.Td>{j.skipped}</Table.Td>
                    <Table.Td>{formatDateTime(Date.parse(j.created_at), i18n.language)}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </TableScroll>
      </Paper>
    </Stack>
  );
}
