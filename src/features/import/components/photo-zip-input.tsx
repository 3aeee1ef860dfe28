// The optional photo zip (spec 1 §5 "Files"), on the upload page beside the spreadsheet and on
// the grid: read in the import worker, each photo judged by name, content and size; the grid
// then shows each row's photo or its problem.
import { Alert, FileInput, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PHOTO_ZIP_MAX_BYTES } from '../../../../domain/import-photos';
import { setPhotos, usePhotos } from '../hooks/import-photos';
import { importWorker } from '../hooks/import-worker';

export function PhotoZipInput() {
  const { t } = useTranslation();
  const photos = usePhotos();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function read(file: File | null) {
    setProblem(null);
    setPhotos(null);
    if (!file) return;
    if (file.size > PHOTO_ZIP_MAX_BYTES) return setProblem('import.photoProblems.zipTooBig');
    setBusy(true);
    try {
      const result = await importWorker().readPhotos(await file.arrayBuffer());
      if (!result.ok) return setProblem(result.problem);
      setPhotos(file, result.photos);
    } finally {
      setBusy(false);
    }
  }

  const bad = photos ? [...photos.byName.values()].filter((p) => p.problem).length : 0;
  return (
    <Paper withBorder radius="md" p="md" data-testid="import-zip-box">
      <Stack gap="xs">
        <FileInput
          label={t('import.photos.label')}
          description={t('import.photos.hint')}
          placeholder={t('import.photos.placeholder')}
          accept=".zip,application/zip"
          value={photos?.file ?? null}
          onChange={(f) => void read(f)}
          disabled={busy}
          clearable
          maw={480}
          data-testid="import-zip"
        />
        {busy ? <Text size="sm">{t('import.reading')}</Text> : null}
        {photos ? (
          <Text size="sm" data-testid="zip-summary">
            {t('import.photos.summary', { count: photos.byName.size, problems: bad })}
          </Text>
        ) : null}
        {problem ? (
          <Alert color="red" role="alert" data-testid="zip-problem">
            {t(problem)}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
