// /reporting/export-list: the company's exports (spec 1 §9: the list shows 100), their state
// with a live progress bar (socket event reportExport), size, who asked, and the download.
import { Alert, Badge, Button, Paper, Progress, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPORT_LIST_COUNT } from '../../../../domain/constants';
import { formatDateTime } from '../../../../domain/date-format';
import type { ExportRow, ExportStatus } from '../../../../domain/schemas/reports';
import { accessToken } from '../../../api/session';
import { useRealtimeEvent } from '../../../realtime/realtime-context';
import { PageTitle } from '../../../ui/page-title';
import { useReport } from '../hooks/use-report';
import { TableScroll } from '../../../ui/table-scroll';

const COLOR: Record<ExportStatus, string> = { queued: 'gray', running: 'blue', done: 'teal', failed: 'red' };

function sizeText(bytes: number | null, lang: string): string {
  if (bytes == null) return '—';
  const units = ['B', 'KB', 'MB', 'GB'];
  let n = bytes;
  let u = 0;
  while (n >= 1024 && u < units.length - 1) {
    n /= 1024;
    u++;
  }
  return `${n.toLocaleString(lang, { maximumFractionDigits: u ? 1 : 0 })} ${units[u]}`;
}

/** The file comes with the bearer token, so it is fetched and handed to the browser as a blob. */
async function download(row: ExportRow) {
  const res = await fetch(`/api/exports/${row.id}/file`, {
    headers: { authorization: `Bearer ${accessToken() ?? ''}` },
  });
  if (!res.ok) return;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = row.file_name ?? `export.${row.format}`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function ExportListPage() {
  const { t, i18n } = useTranslation();
  const [version, setVersion] = useState(0);
  const [live, setLive] = useState<Record<string, { status: ExportStatus; done: number; total: number | null }>>({});
  const state = useReport<{ data: ExportRow[]; count: number }>(`/exports?limit=${EXPORT_LIST_COUNT}`, version);
  useRealtimeEvent('reportExport', (e) => {
    setLive((m) => ({ ...m, [e.id]: { status: e.status, done: e.rows_done, total: e.rows_total } }));
    // A new job, or one that ended, changes what the list shows (size, file, order).
    if (e.status !== 'running') setVersion((v) => v + 1);
  });
  const rows = state.data?.data ?? [];

  return (
    <Stack gap="md">
      <Stack gap={0}>
        <PageTitle>{t('reports.exportList.title')}</PageTitle>
        <Text c="dimmed" size="sm" mt={-8}>
          {t('reports.exportList.intro')}
        </Text>
      </Stack>
      {state.failed && !state.data ? (
        <Alert color="yellow" data-testid="exports-unavailable">
          {t('reports.needsConnection')}
        </Alert>
      ) : null}
      <Paper withBorder radius="md" p="md">
        <TableScroll minWidth={760}>
          <Table striped verticalSpacing="xs" data-testid="export-list">
            <Table.Thead>
              <Table.Tr>
                {['report', 'format', 'status', 'progress', 'size', 'requestedBy', 'requestedAt'].map((c) => (
                  <Table.Th key={c}>{t(`reports.exportList.${c}`)}</Table.Th>
                ))}
                <Table.Th>
                  <VisuallyHidden>{t('reports.exportList.download')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={8}>
                    <Text c="dimmed" ta="center" py="md">
                      {t('reports.exportList.empty')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                rows.map((r) => {
                  const now = live[r.id];
                  const status = r.status === 'done' || r.status === 'failed' ? r.status : (now?.status ?? r.status);
                  const done = now?.done ?? r.rows_done;
                  const total = now?.total ?? r.rows_total;
                  const pct = status === 'done' ? 100 : total ? Math.round((100 * done) / total) : 0;
                  return (
                    <Table.Tr
                      key={r.id}
                      data-testid="export-row"
                      data-status={status}
                      data-report={r.report}
                      data-format={r.format}
                    >
                      <Table.Td>{t(`reports.exportList.reports.${r.report}`)}</Table.Td>
                      <Table.Td>{r.format.toUpperCase()}</Table.Td>
                      <Table.Td>
                        <Badge color={COLOR[status]} variant="light">
                          {t(`reports.exportList.statuses.${status}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td miw={140}>
                        <Progress value={pct} size="sm" aria-label={t('reports.exportList.progress')} />
                        {total != null ? (
                          <Text size="xs" c="dimmed">
                            {t('reports.exportList.rows', {
                              done: done.toLocaleString(i18n.language),
                              total: total.toLocaleString(i18n.language),
                            })}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{sizeText(r.size, i18n.language)}</Table.Td>
                      <Table.Td>{r.requested_by.full_name}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {formatDateTime(r.created_at, i18n.language)}
                      </Table.Td>
                      <Table.Td>
                        {status === 'done' ? (
                          <Button
                            size="xs"
                            variant="light"
                            onClick={() => void download(r)}
                            data-testid="export-download"
                          >
                            {t('reports.exportList.download')}
                          </Button>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  );
                })
              )}
            </Table.Tbody>
          </Table>
        </TableScroll>
      </Paper>
    </Stack>
  );
}
