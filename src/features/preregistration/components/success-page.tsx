// /pre-registration/:id?/success — the visitor's QR code, big enough to scan, ready to save.
import { useEffect, useState } from 'react';
import { Alert, Button, Center, Image, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isPassportQr } from '../../../../domain/passport-qr';
import { QrImage } from '../../../ui/qr-image';
import { QR_KEY, type QrAnswer } from '../hooks/pre-api';
import { PublicShell } from './public-shell';

function storedAnswer(state: unknown): QrAnswer | null {
  if (state && typeof state === 'object' && 'local_qr' in state) return state as QrAnswer;
  try {
    return JSON.parse(sessionStorage.getItem(QR_KEY) ?? 'null') as QrAnswer | null;
  } catch {
    return null;
  }
}

export function SuccessPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const answer = storedAnswer(location.state);
  // The passport variant also shows the holder's passport QR beside the visit's (spec 2 §2, §3).
  const query = new URLSearchParams(location.search);
  const passportQr = query.get('comingFromPassport') === 'true' ? query.get('passport_qr') : null;
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    const text = answer?.local_qr;
    // The encoder loads with the QR, not with the form: the form's page does not carry it.
    if (text)
      void import('qrcode')
        .then((m) => m.default.toDataURL(text, { width: 320, margin: 2, errorCorrectionLevel: 'M' }))
        .then(setImage);
  }, [answer?.local_qr]);

  // A registration naming someone on file is held until they confirm by email (server visit-hold.ts).
  if (answer?.status === 'held') {
    return (
      <PublicShell title={t('visitHold.checkEmailTitle')}>
        <Stack gap="md" data-testid="registration-held">
          <Alert color="blue" variant="light" title={t('visitHold.checkEmailTitle')}>
            <Text>{t('visitHold.checkEmail')}</Text>
          </Alert>
          <Text size="sm" c="dimmed">
            {t('visitHold.checkEmailHint')}
          </Text>
        </Stack>
      </PublicShell>
    );
  }

  return (
    <PublicShell title={t('preregistration.successTitle')}>
      <Stack gap="md" align="stretch">
        <Text>{t('preregistration.successBody')}</Text>
        {answer?.status === 'pending' ? (
          <Alert color="yellow" variant="light">
            {t('preregistration.pendingApproval')}
          </Alert>
        ) : null}
        {passportQr && image ? (
          <Title order={2} size="h4">
            {t('passportQr.visitTitle')}
          </Title>
        ) : null}
        {image ? (
          <Center>
            <Image
              src={image}
              alt={t('preregistration.saveQr')}
              w={280}
              h={280}
              data-testid="visit-qr"
              data-token={answer?.local_qr}
            />
          </Center>
        ) : (
          <Text c="dimmed">{t('preregistration.noQr')}</Text>
        )}
        {image ? (
          <Button component="a" href={image} download="gatehouse-visit-qr.png" size="md" variant="light">
            {t('preregistration.saveQr')}
          </Button>
        ) : null}
        {passportQr && isPassportQr(passportQr) ? (
          <Stack gap="xs" data-testid="success-passport-qr">
            <Title order={2} size="h4">
              {t('passportQr.title')}
            </Title>
            <Text size="sm">{t('passportQr.successNote')}</Text>
            <QrImage
              text={passportQr}
              alt={t('passportQr.alt')}
              saveLabel={t('passportQr.save')}
              fileName="gatehouse-passport-qr.png"
              testId="passport-qr"
              size={280}
            />
          </Stack>
        ) : null}
        {answer?.visit_url ? (
          <Button
            component={Link}
            to={`/online-compliance/${answer.visit_url}`}
            size="md"
            variant="default"
            data-testid="answer-compliance"
          >
            {t('onlineCompliance.answerNow')}
          </Button>
        ) : null}
        <Text size="sm" c="dimmed">
          {t('preregistration.emailSent')}
        </Text>
      </Stack>
    </PublicShell>
  );
}
