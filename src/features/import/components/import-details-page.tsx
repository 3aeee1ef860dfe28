// /users/import/details/:id: one import's outcome — how many people were created,
// updated and skipped, and every row with what happened to it and why; the results export as
// CSV (UTF-8 with a byte-order mark, so Excel reads Arabic names). An attached photo shows as
// the person's picture beside its badge.
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { ImportJobWire, ImportRowStatus, ImportRowWire } from '../../../../domain/import';
import { api } from '../../../api/client';
import { useRealtimeEvent } from '../../../realtime/realtime-context';
import { PageTitle } from '../../../ui/page-title';
import { UserPhoto } from '../../../ui/user-photo';
import { ImportNav } from './import-nav';
import { STATUS_COLOR } from './import-queue-page';
import { TableScroll } from '../../../ui/table-scroll';

const ROW_COLOR: Record<ImportRowStatus, string> = {
  pending: 'gray',
  created: 'teal',
  updated: 'blue',
  skipped: 'red',
};
type Details = { data: ImportJobWire; rows: ImportRowWire[] };

const csvCell = (v: string) => (/^[=+\-@]/.test(v) ? `'${v}` : v).replace(/"/g, '""');

export function ImportDetailsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [details, setDetails] = useState<Details | null>(null);
  const [missing, setMissing] = useState(false);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    void api.get<Details>(`/users/imports/${id}`, { signal: controller.signal }).then((res) => {
      if (controller.signal.aborted) return;
      if (res.ok) setDetails(res.data);
      else setMissing(true);
    });
    return () => controller.abort();
  }, [id, version]);
  useRealtimeEvent('userImport', (e) => {
    if (e.id === id) setVersion((v) => v + 1);
  });

  const reasonOf = (r: ImportRowWire) =>
    r.reason ? (r.reason_column ? `${t(`import.columns.${r.reason_column}`)}: ${t(r.reason)}` : t(r.reason)) : '';

  function exportCsv() {
    if (!details) return;
    const head = [
      t('import.grid.row'),
      t('import.columns.full_name'),
      t('import.columns.email'),
      t('import.details.outcome'),
      t('import.details.reason'),
      t('import.columns.photo'),
    ];
    const lines = [
      head,
      ...details.rows.map((r) => [
        String(r.row_no),
        r.data.full_name,
        r.data.email,
        t(`import.rowStatus.${r.status}`),
        reasonOf(r),
        r.photo_status === 'attached' ? t('import.details.photoAttached') : r.photo_status ? t(r.photo_status) : '',
      ]),
    ];
    const text = '\uFEFF' + lines.map((l) => l.map((c) => `"${csvCell(c)}"`).join(',')).join('\r\n');
    const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `import-${details.data.file_name.replace(/\.xlsx$/i, '')}.csv`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  if (missing && !details) return <Alert color="yellow">{t('import.details.missing')}</Alert>;
  const job = details?.data;
  return (
    <Stack gap="md" data-testid="import-details" data-status={job?.status}>
      <PageTitle>{t('import.details.title')}</PageTitle>
      <ImportNav />
      {job ? (
        <>
          <Group justify="space-between">
            <Group gap="sm">
              <Text fw={600}>{job.file_name}</Text>
              <Badge color={STATUS_COLOR[job.status]} variant="light">
                {t(`import.status.${job.status}`)}
              </Badge>
            </Group>
            <Button variant="light" onClick={exportCsv} data-testid="import-export">
              {t('import.details.export')}
            </Button>
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {(['created', 'updated', 'skipped', 'photos_attached'] as const).map((k) => (
              <Paper key={k} withBorder radius="md" p="md" data-testid={`import-count-${k}`}>
                <Text size="sm" c="dimmed">
                  {t(`import.details.${k}`)}
                </Text>
                <Text fz={28} fw={700}>
                  {job[k]}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
          <Paper withBorder radius="md" p="md">
            <TableScroll minWidth={640}>
              <Table striped verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('import.grid.row')}</Table.Th>
                    <Table.Th>{t('import.columns.full_name')}</Table.Th>
                    <Table.Th>{t('import.columns.email')}</Table.Th>
                    <Table.Th>{t('import.details.outcome')}</Table.Th>
                    <Table.Th>{t('import.details.reason')}</Table.Th>
                    <Table.Th>{t('import.columns.photo')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {details.rows.map((r) => (
                    <Table.Tr key={r.row_no} data-testid={`detail-row-${r.row_no}`}>
                      <Table.Td>{r.row_no}</Table.Td>
                      <Table.Td>{r.data.full_name}</Table.Td>
                      <Table.Td dir="ltr" style={{ textAlign: 'start' }}>
                        {r.data.email}
                      </Table.Td>
                      <Table.Td>
                        <Badge color={ROW_COLOR[r.status]} variant="light">
                          {t(`import.rowStatus.${r.status}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{reasonOf(r)}</Table.Td>
                      <Table.Td data-testid={`detail-photo-${r.row_no}`}>
                        {r.photo_status === 'attached' ? (
                          <Group gap="xs" wrap="nowrap">
                            {r.user_id ? (
                              <UserPhoto src={`/api/users/photo/${r.user_id}`} name={r.data.full_name} size="md" />
                            ) : null}
                            <Badge color="teal" variant="light">
                              {t('import.details.photoAttached')}
                            </Badge>
                          </Group>
                        ) : r.photo_status ? (
                          <Text size="sm" c="red">
                            {t(r.photo_status)}
                          </Text>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
          </Paper>
        </>
      ) : null}
    </Stack>
  );
}
