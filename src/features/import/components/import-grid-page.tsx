// /users/import/grid: every row read from the file with its problems beside the
// cell; the admin fixes cells or drops rows, then runs the import. Rows still with problems
// are skipped by the server with their reason. After the run starts, the queue opens in 1.5 s
// (spec 1 §4 / §9: post-import redirect).
import { Alert, Button, Group, Pagination, Paper, Stack, Switch, Table, Text } from '@mantine/core';
import { PhotoZipInput } from './photo-zip-input';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import { IMPORT_COLUMNS, type ImportColumn } from '../../../../domain/import';
import { api } from '../../../api/client';
import { PageTitle } from '../../../ui/page-title';
import { getDraft, setDraft, useDraft } from '../hooks/import-draft';
import { importBody, rowPhoto, setPhotos, usePhotos } from '../hooks/import-photos';
import { useRowChecks } from '../hooks/use-row-checks';
import { GridRow } from './grid-row';
import { ImportNav } from './import-nav';
import { TableScroll } from '../../../ui/table-scroll';

const PAGE = 25;
const REDIRECT_MS = 1_500;

export function ImportGridPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const draft = useDraft();
  const checks = useRowChecks(draft?.rows ?? null);
  const photos = usePhotos();
  const [onlyProblems, setOnlyProblems] = useState(false);
  const [page, setPage] = useState(1);
  const [started, setStarted] = useState(false);
  const [failed, setFailed] = useState(false);

  const onEdit = useCallback((rowNo: number, column: ImportColumn, value: string) => {
    const d = getDraft();
    if (!d) return;
    setDraft({
      ...d,
      rows: d.rows.map((r) => (r.row_no === rowNo ? { ...r, data: { ...r.data, [column]: value } } : r)),
    });
  }, []);
  const onDrop = useCallback((rowNo: number) => {
    const d = getDraft();
    if (d) setDraft({ ...d, rows: d.rows.filter((r) => r.row_no !== rowNo) });
  }, []);

  const problemRows = useMemo(
    () => (draft?.rows ?? []).filter((r) => Object.keys(checks.byRow?.get(r.row_no)?.errors ?? {}).length > 0).length,
    [draft, checks.byRow],
  );
  const shown = useMemo(
    () =>
      onlyProblems
        ? (draft?.rows ?? []).filter((r) => Object.keys(checks.byRow?.get(r.row_no)?.errors ?? {}).length > 0)
        : (draft?.rows ?? []),
    [draft, checks.byRow, onlyProblems],
  );
  const pages = Math.max(1, Math.ceil(shown.length / PAGE));
  useEffect(() => setPage((p) => Math.min(p, pages)), [pages]);

  useEffect(() => {
    if (!started) return;
    const timer = setTimeout(() => navigate('/users/import/queue'), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [started, navigate]);

  if (!draft && !started) return <Navigate to="/users/import" replace />;

  async function run() {
    if (!draft) return;
    setFailed(false);
    const res = await api.post('/users/import', importBody(draft.fileName, draft.rows));
    if (!res.ok) return setFailed(true);
    setDraft(null);
    setPhotos(null);
    setStarted(true);
  }

  const rows = draft?.rows ?? [];
  return (
    <Stack gap="md" data-testid="import-grid" data-checked={checks.byRow !== null}>
      <PageTitle>{t('import.grid.title')}</PageTitle>
      <ImportNav />
      {started ? (
        <Alert color="teal" data-testid="import-started">
          {t('import.grid.started')}
        </Alert>
      ) : (
        <>
          <Paper withBorder radius="md" p="md">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Stack gap={2}>
                <Text fw={600}>{draft?.fileName}</Text>
                <Text size="sm" c="dimmed" data-testid="grid-summary">
                  {t('import.grid.summary', { count: rows.length, problems: problemRows })}
                </Text>
              </Stack>
              <Group gap="md">
                <Switch
                  label={t('import.grid.onlyProblems')}
                  checked={onlyProblems}
                  onChange={(e) => setOnlyProblems(e.currentTarget.checked)}
                />
                <Button
                  onClick={() => void run()}
                  disabled={rows.length === 0 || checks.byRow === null}
                  data-testid="import-run"
                >
                  {t('import.grid.run', { count: rows.length - problemRows })}
                </Button>
              </Group>
            </Group>
            {problemRows > 0 ? (
              <Text size="sm" c="red" mt="xs">
                {t('import.grid.skipNote')}
              </Text>
            ) : null}
          </Paper>
          <PhotoZipInput />
          {checks.offline ? <Alert color="yellow">{t('import.needsConnection')}</Alert> : null}
          {failed ? (
            <Alert color="red" role="alert">
              {t('import.grid.runFailed')}
            </Alert>
          ) : null}
          <Paper withBorder radius="md" p="xs">
            <TableScroll minWidth={1200}>
              <Table verticalSpacing={6} data-testid="import-grid-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('import.grid.row')}</Table.Th>
                    {IMPORT_COLUMNS.map((c) => (
                      <Table.Th key={c}>{t(`import.columns.${c}`)}</Table.Th>
                    ))}
                    <Table.Th>{t('import.grid.outcome')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.slice((page - 1) * PAGE, page * PAGE).map((r) => (
                    <GridRow
                      key={r.row_no}
                      row={r}
                      errors={checks.byRow?.get(r.row_no)?.errors}
                      update={checks.byRow?.get(r.row_no)?.update}
                      photo={rowPhoto(photos, r.data)}
                      onEdit={onEdit}
                      onDrop={onDrop}
                    />
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
            {pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} mt="sm" /> : null}
          </Paper>
        </>
      )}
    </Stack>
  );
}
