// On the visit's compliance link, when the entry condition asks for a vaccination or test
// certificate: the visitor sends a photo or PDF of it before arriving. It goes on their profile
// switched off, for reception to check at arrival (server/people/visitor-certificate.ts); the
// kiosk still holds the visit until reception has seen it.
import { useState } from 'react';
import { Alert, Button, FileInput, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../../domain/errors';
import { readAsDataUrl } from '../../../ui/read-file';
import { preApi } from '../hooks/pre-api';

const MAX_BYTES = 3 * 1024 * 1024;

export function OnlineCertificateCard({ visitUrl, sent: sentBefore }: { visitUrl: string; sent: number }) {
  const { t, i18n } = useTranslation();
  const [type, setType] = useState<'covid_vaccine' | 'pcr_test'>('covid_vaccine');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(sentBefore);
  const [problem, setProblem] = useState<string | null>(null);

  async function send() {
    if (!file) return;
    setProblem(null);
    if (file.size > MAX_BYTES) return setProblem(t('validation.document_file_too_big'));
    setBusy(true);
    const r = await preApi.sendCertificate(i18n.language, visitUrl, { type, file: await readAsDataUrl(file) });
    setBusy(false);
    if (r.ok) {
      setSent(r.data.certificates_sent);
      setFile(null);
    } else setProblem(r.status === 0 ? t('preregistration.offline') : (messageOf(r.body) ?? t('errors.generic')));
  }

  return (
    <Paper withBorder radius="md" p="md" data-testid="online-certificate">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('onlineCompliance.certificate.title')}
        </Title>
        <Text size="sm">{t('onlineCompliance.certificate.intro')}</Text>
        {sent > 0 ? (
          <Alert color="teal" variant="light" data-testid="online-certificate-sent">
            {t('onlineCompliance.certificate.sent')}
          </Alert>
        ) : null}
        {problem ? (
          <Alert color="red" data-testid="online-certificate-problem">
            {problem}
          </Alert>
        ) : null}
        <SegmentedControl
          fullWidth
          value={type}
          onChange={(v) => setType(v as typeof type)}
          aria-label={t('kiosk.document.kind')}
          data={[
            { value: 'covid_vaccine', label: t('kiosk.document.kinds.covid_vaccine') },
            { value: 'pcr_test', label: t('kiosk.document.kinds.pcr_test') },
          ]}
        />
        <FileInput
          label={t('documents.file')}
          description={t('documents.fileHint')}
          accept="application/pdf,image/png,image/jpeg"
          value={file}
          onChange={setFile}
          clearable
          data-testid="online-certificate-file"
        />
        <Button onClick={() => void send()} disabled={!file} loading={busy} data-testid="online-certificate-send">
          {t(sent > 0 ? 'onlineCompliance.certificate.sendAnother' : 'onlineCompliance.certificate.send')}
        </Button>
      </Stack>
    </Paper>
  );
}
