// The flow's public pre-registration link (/e/{flow id}) with a copy button
// and its QR code, for admins who hand it out on paper or a screen.
import { useEffect, useState } from 'react';
import { Button, CopyButton, Group, Image, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import QRCode from 'qrcode';

export function FlowLink({ flowId }: { flowId: string }) {
  const { t } = useTranslation();
  const [qr, setQr] = useState<string | null>(null);
  const link = `${window.location.origin}/e/${flowId}`;
  useEffect(() => {
    void QRCode.toDataURL(link, { width: 200, margin: 2, errorCorrectionLevel: 'M' }).then(setQr);
  }, [link]);
  return (
    <Paper withBorder radius="md" p="md" data-testid="flow-link">
      <Stack gap="sm">
        <Title order={2} size="h5">
          {t('journeys.publicLink')}
        </Title>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label={t('journeys.publicLinkLabel')}
            value={link}
            readOnly
            dir="ltr"
            style={{ flex: 1 }}
            onFocus={(e) => e.currentTarget.select()}
            data-testid="flow-link-url"
          />
          <CopyButton value={link}>
            {({ copied, copy }) => (
              <Button variant={copied ? 'filled' : 'default'} color={copied ? 'teal' : undefined} onClick={copy}>
                {copied ? t('journeys.copied') : t('journeys.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        {qr ? <Image src={qr} alt={t('journeys.qrAlt')} w={160} h={160} data-testid="flow-link-qr" /> : null}
      </Stack>
    </Paper>
  );
}
