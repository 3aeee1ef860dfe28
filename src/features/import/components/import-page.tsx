// /users/import: the rules for the file, the template to download (in the admin's
// language, with an example row and the user types they may use) and the upload. The file is
// read in the import worker; a refused file says why; a read file opens the grid. The optional
// photo zip may be chosen here, before the spreadsheet, or on the grid.
import { Alert, Button, FileInput, Group, List, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { IMPORT_COLUMNS, IMPORT_FILE_MAX_BYTES, type ImportColumn } from '../../../../domain/import';
import { api } from '../../../api/client';
import { PageTitle } from '../../../ui/page-title';
import { setDraft } from '../hooks/import-draft';
import { importWorker } from '../hooks/import-worker';
import { ImportNav } from './import-nav';
import { PhotoZipInput } from './photo-zip-input';

function save(bytes: ArrayBuffer, name: string) {
  const url = URL.createObjectURL(
    new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
  );
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function ImportPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<'template' | 'read' | null>(null);
  // The worker starts loading while the admin reads the rules, so choosing the file reads it at once.
  useEffect(() => void importWorker(), []);

  async function downloadTemplate() {
    setBusy('template');
    try {
      const types = await api.get<{ data: string[] }>('/users/import/user-types');
      const names = types.ok ? types.data.data : [];
      const example = IMPORT_COLUMNS.map((c) =>
        c === 'user_type' ? (names[0] ?? t('import.example.user_type')) : t(`import.example.${c}`),
      );
      const bytes = await importWorker().template(
        IMPORT_COLUMNS.map((c) => t(`import.columns.${c}`)),
        example,
        t('import.userTypesSheet'),
        names,
        i18n.dir() === 'rtl',
      );
      save(bytes, `${t('import.templateFile')}.xlsx`);
    } finally {
      setBusy(null);
    }
  }

  async function upload(file: File | null) {
    setProblem(null);
    if (!file) return;
    if (file.size > IMPORT_FILE_MAX_BYTES) return setProblem('import.fileProblems.tooBig');
    setBusy('read');
    try {
      const headers = Object.fromEntries(
        IMPORT_COLUMNS.map((c) => [c, [t(`import.columns.${c}`), c, c.replace('_', ' ')]]),
      ) as Record<ImportColumn, string[]>;
      // Marks for the import benchmark (bench/import.bench.ts): where a large file's time goes.
      performance.mark('import:read-start');
      const result = await importWorker().read(await file.arrayBuffer(), headers);
      performance.mark('import:read-end', { detail: { parseMs: result.ok ? result.parseMs : 0 } });
      if (!result.ok) return setProblem(result.problem);
      setDraft({ fileName: file.name, rows: result.rows });
      navigate('/users/import/grid');
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack gap="md" data-testid="import-page">
      <PageTitle>{t('import.title')}</PageTitle>
      <ImportNav />
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Text fw={600}>{t('import.rulesTitle')}</Text>
          <List size="sm" spacing={4}>
            {(['xlsx', 'size', 'header', 'match', 'photos'] as const).map((k) => (
              <List.Item key={k}>{t(`import.rules.${k}`)}</List.Item>
            ))}
          </List>
          <Group>
            <Button
              variant="light"
              onClick={() => void downloadTemplate()}
              loading={busy === 'template'}
              data-testid="import-template"
            >
              {t('import.downloadTemplate')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      {/* The zip comes first: a read spreadsheet opens the grid at once (the grid offers it too). */}
      <PhotoZipInput />
      <Paper withBorder radius="md" p="md" data-testid="import-file-box">
        <Stack gap="sm">
          <FileInput
            label={t('import.fileLabel')}
            description={t('import.fileHint')}
            placeholder={t('import.filePlaceholder')}
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(f) => void upload(f)}
            disabled={busy === 'read'}
            clearable
            data-testid="import-file"
            maw={480}
          />
          {busy === 'read' ? <Text size="sm">{t('import.reading')}</Text> : null}
          {problem ? (
            <Alert color="red" role="alert" data-testid="import-problem">
              {t(problem)}
            </Alert>
          ) : null}
        </Stack>
      </Paper>
    </Stack>
  );
}
