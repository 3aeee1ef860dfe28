// The passport QR on /passport: it identifies the person's passport account at every company
// they belong to (domain/passport-qr.ts; the content is the server-sealed account id).
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { passportQrOf } from '../../../../domain/passport-qr';
import { QrImage } from '../../../ui/qr-image';

export function PassportQrCard({ sealedId }: { sealedId: string }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="lg" data-testid="passport-qr-card">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('passportQr.title')}
        </Title>
        <Text size="sm">{t('passportQr.explain')}</Text>
        <QrImage
          text={passportQrOf(sealedId)}
          alt={t('passportQr.alt')}
          saveLabel={t('passportQr.save')}
          fileName="gatehouse-passport-qr.png"
          testId="passport-qr"
        />
      </Stack>
    </Paper>
  );
}
