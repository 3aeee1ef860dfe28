// Checks a visitor's QR code on this device with the synced public key and revocation list,
// offline included: the same verifyQrOnDevice the kiosk's QR sign-in uses.
import { useState } from 'react';
import { Alert, Button, Stack, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { QrVerdict } from '../../../../domain/qr-token';
import { useStoredUser } from '../../../api/session';
import { useDb } from '../../../db/db-context';
import { verifyQrOnDevice } from '../../../db/visit-qr';
import { formatDateTime } from '../../../../domain/date-format';

export function QrCheck() {
  const { t, i18n } = useTranslation();
  const db = useDb();
  const stored = useStoredUser();
  const [token, setToken] = useState('');
  const [result, setResult] = useState<{ verdict: QrVerdict; name?: string } | null>(null);

  async function check() {
    const verdict = await verifyQrOnDevice(db, token, stored?.data.user.entity.id);
    const person = verdict.ok ? await db.people.get(verdict.claims.personId) : undefined;
    setResult({ verdict, name: person?.fullName });
  }
  const message = (): string => {
    if (!result) return '';
    const v = result.verdict;
    if (v.ok) {
      const when = formatDateTime(v.claims.exp, i18n.language);
      return t('expectedVisits.qrValid', { name: result.name ?? t('expectedVisits.qrUnknownPerson'), when });
    }
    if (v.messageCode) return t(`linkExpired.${v.messageCode}`);
    if (v.code === 'qr_not_yet_valid') return t('expectedVisits.qrNotYetValid');
    if (v.code === 'qr_unknown_key') return t('expectedVisits.qrUnknownKey');
    if (v.code === 'qr_wrong_entity') return t('expectedVisits.qrWrongEntity');
    return t('errors.qr_invalid');
  };

  return (
    <Stack gap="sm" maw={560}>
      <Textarea
        label={t('expectedVisits.qrLabel')}
        description={t('expectedVisits.qrHint')}
        autosize
        minRows={3}
        dir="ltr"
        value={token}
        onChange={(e) => {
          setToken(e.currentTarget.value);
          setResult(null);
        }}
        data-testid="qr-input"
      />
      <Button onClick={() => void check()} disabled={!token.trim()} w="fit-content" data-testid="qr-check">
        {t('expectedVisits.qrCheck')}
      </Button>
      {result ? (
        <Alert
          color={result.verdict.ok ? 'teal' : 'red'}
          variant="light"
          data-testid="qr-result"
          data-ok={result.verdict.ok}
          data-code={result.verdict.ok ? 'ok' : result.verdict.code}
        >
          {message()}
        </Alert>
      ) : null}
    </Stack>
  );
}
