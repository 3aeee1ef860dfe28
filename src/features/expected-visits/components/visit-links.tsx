// The links an admin hands a visitor when no mail goes out: the visitor's
// personal link (/c/{visitUrl}/{code}; the code is kept hashed, so asking makes a new one that
// replaces the mailed link) and the flow's public link (/e/{flow id}) with its QR code.
import { useEffect, useState } from 'react';
import { Alert, Button, CopyButton, Group, Image, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import QRCode from 'qrcode';
import { useSend } from '../hooks/use-send';

function LinkField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput
        label={label}
        value={value}
        readOnly
        dir="ltr"
        style={{ flex: 1 }}
        onFocus={(e) => e.currentTarget.select()}
        data-testid={testId}
      />
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button variant={copied ? 'filled' : 'default'} color={copied ? 'teal' : undefined} onClick={copy}>
            {copied ? t('visitLinks.copied') : t('visitLinks.copy')}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

export function VisitLinks({
  visit,
  name,
  onClose,
}: {
  visit: { id: string; journeyFlowId: string | null } | null;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const send = useSend();
  const [personal, setPersonal] = useState<string | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const publicLink = visit?.journeyFlowId ? `${window.location.origin}/e/${visit.journeyFlowId}` : null;

  useEffect(() => setPersonal(null), [visit?.id]);
  useEffect(() => {
    setQr(null);
    if (publicLink) void QRCode.toDataURL(publicLink, { width: 220, margin: 2, errorCorrectionLevel: 'M' }).then(setQr);
  }, [publicLink]);

  async function issue() {
    if (!visit) return;
    setBusy(true);
    const res = await send<{ link: string }>('POST', '/expected-visit-link', { visit_id: visit.id });
    setBusy(false);
    if (res.ok) setPersonal(res.data.link);
  }

  return (
    <Modal
      opened={visit !== null}
      onClose={onClose}
      title={t('visitLinks.title', { name })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      size="lg"
    >
      <Stack gap="md" data-testid="visit-links">
        <Stack gap="xs">
          <Text fw={600}>{t('visitLinks.personalTitle')}</Text>
          <Text size="sm" c="dimmed">
            {t('visitLinks.personalHelp')}
          </Text>
          {personal ? (
            <LinkField label={t('visitLinks.personalLabel')} value={personal} testId="visit-personal-link" />
          ) : (
            <Button w="fit-content" loading={busy} onClick={() => void issue()} data-testid="visit-personal-issue">
              {t('visitLinks.personalIssue')}
            </Button>
          )}
        </Stack>
        {publicLink ? (
          <Stack gap="xs">
            <Text fw={600}>{t('visitLinks.publicTitle')}</Text>
            <Text size="sm" c="dimmed">
              {t('visitLinks.publicHelp')}
            </Text>
            <LinkField label={t('visitLinks.publicLabel')} value={publicLink} testId="visit-public-link" />
            {qr ? <Image src={qr} alt={t('visitLinks.qrAlt')} w={180} h={180} data-testid="visit-public-qr" /> : null}
          </Stack>
        ) : (
          <Alert color="gray">{t('visitLinks.noFlow')}</Alert>
        )}
      </Stack>
    </Modal>
  );
}
