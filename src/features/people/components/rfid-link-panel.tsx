// The enrolment link for the chosen person (/rfid/{code}): mailed to them, and shown here as a
// QR code and a link, so the card can be enrolled from a phone or at another desk's reader.
import { useEffect, useState } from 'react';
import { Anchor, Button, Checkbox, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import QRCode from 'qrcode';
import { useSend } from '../hooks/use-send';
import { formatDateTime } from '../../../../domain/date-format';

interface StartedLink {
  url: string;
  expires_at: number;
  mailed: boolean;
}

export function RfidLinkPanel({ userId, name, online }: { userId: string; name: string; online: boolean }) {
  const { t, i18n } = useTranslation();
  const send = useSend();
  const [mail, setMail] = useState(true);
  const [link, setLink] = useState<StartedLink | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // A link belongs to one person: choosing someone else hides the previous one.
  useEffect(() => {
    setLink(null);
    setQr(null);
  }, [userId]);
  useEffect(() => {
    if (link) void QRCode.toDataURL(link.url, { width: 240, margin: 2, errorCorrectionLevel: 'M' }).then(setQr);
  }, [link]);

  async function start() {
    setBusy(true);
    const res = await send<StartedLink>(
      'POST',
      '/rfid_enrollment/link',
      { user_id: userId, send_email: mail },
      t('enrollment.linkCreated'),
    );
    setBusy(false);
    if (res.ok) setLink(res.data);
  }

  const until = link ? formatDateTime(link.expires_at, i18n.language) : '';
  return (
    <Paper withBorder radius="md" p="md" data-testid="rfid-link-panel">
      <Stack gap="sm">
        <Text fw={600}>{t('enrollment.linkTitle')}</Text>
        <Text size="sm" c="dimmed">
          {t('enrollment.linkHelp', { name })}
        </Text>
        <Group wrap="wrap" gap="md">
          <Checkbox
            label={t('enrollment.linkByMail')}
            checked={mail}
            onChange={(e) => setMail(e.currentTarget.checked)}
          />
          <Button
            size="md"
            variant="light"
            onClick={() => void start()}
            loading={busy}
            disabled={!online}
            data-testid="rfid-link-start"
          >
            {link ? t('enrollment.linkAgain') : t('enrollment.linkStart')}
          </Button>
        </Group>
        {link ? (
          <Group align="flex-start" wrap="wrap" gap="md">
            {qr ? (
              <Image src={qr} alt={t('enrollment.linkQr', { name })} w={200} h={200} data-testid="rfid-link-qr" />
            ) : null}
            <Stack gap={4} style={{ flex: 1, minInlineSize: 220 }}>
              <Anchor
                href={link.url}
                target="_blank"
                dir="ltr"
                style={{ wordBreak: 'break-all' }}
                data-testid="rfid-link-url"
              >
                {link.url}
              </Anchor>
              <Text size="sm">{t('enrollment.linkUntil', { until })}</Text>
              {link.mailed ? (
                <Text size="sm" c="teal">
                  {t('enrollment.linkMailed')}
                </Text>
              ) : null}
            </Stack>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
