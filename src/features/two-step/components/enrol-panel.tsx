// Enrolment: the QR code of the otpauth address (and the secret for typing in), then a first
// code from the app to confirm. The recovery codes come back once and are shown by the page.
import { useEffect, useState, type FormEvent } from 'react';
import { Button, Code, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import QRCode from 'qrcode';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../../domain/errors';
import { useFailureHandler } from '../../../api/use-failure-handler';
import { confirmEnrolment, startEnrolment } from '../hooks/two-step-api';

export function EnrolPanel({ onDone }: { onDone: (recoveryCodes: string[]) => void }) {
  const { t } = useTranslation();
  const handleFailure = useFailureHandler();
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!secret) return;
    void QRCode.toDataURL(secret.url, { width: 220, margin: 2, errorCorrectionLevel: 'M' }).then(setQr);
  }, [secret]);

  const begin = async () => {
    setBusy(true);
    const res = await startEnrolment();
    setBusy(false);
    if (res.ok) setSecret({ url: res.data.data.otpauth_url, secret: res.data.data.secret });
    else handleFailure(res);
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(t('validation.required'));
    setBusy(true);
    const res = await confirmEnrolment(code.trim());
    setBusy(false);
    if (res.ok) return onDone(res.data.data.recovery_codes);
    if (res.status === 400 || res.status === 429) return setError(res.body?.errors?.code?.[0] ?? messageOf(res.body));
    handleFailure(res);
  };

  if (!secret)
    return (
      <Group>
        <Button size="md" onClick={() => void begin()} loading={busy} data-testid="two-step-start">
          {t('twoStep.setUp')}
        </Button>
      </Group>
    );
  return (
    <form onSubmit={(e) => void confirm(e)} noValidate>
      <Stack gap="md">
        <Text>{t('twoStep.scan')}</Text>
        {qr ? <Image src={qr} alt={t('twoStep.qrAlt')} w={220} h={220} data-testid="two-step-qr" /> : null}
        <Text size="sm" c="dimmed">
          {t('twoStep.manual')}
        </Text>
        <Code block dir="ltr" data-testid="two-step-secret">
          {secret.secret}
        </Code>
        <TextInput
          name="code"
          label={t('twoStep.firstCode')}
          required
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={error}
          autoComplete="one-time-code"
          inputMode="numeric"
          maw={240}
          data-testid="two-step-code"
        />
        <Group>
          <Button type="submit" size="md" loading={busy} data-testid="two-step-confirm">
            {t('twoStep.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
