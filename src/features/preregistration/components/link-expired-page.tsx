// /link-expired — the exact sentence for each case (spec 2 §8, DESIGN ruling 4).
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { expiryMessageCode, parseLinkExpiredQuery } from '../../../../domain/preregistration';
import { PASSPORT_ROOT } from '../../../api/http-effects';
import { PublicShell } from './public-shell';

export function LinkExpiredPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const q = parseLinkExpiredQuery((k) => params.get(k));
  return (
    <PublicShell title={t('linkExpired.title')}>
      <Stack gap="md">
        <Alert color="orange" variant="light">
          <Text data-testid="link-expired-message">{t(`linkExpired.${expiryMessageCode(q)}`)}</Text>
        </Alert>
        {q.userHasPassport ? (
          <>
            <Text size="sm">{t('linkExpired.userHasPassport')}</Text>
            <Button component="a" href={`${PASSPORT_ROOT}passport`} variant="light">
              {t('linkExpired.toPassport')}
            </Button>
          </>
        ) : null}
      </Stack>
    </PublicShell>
  );
}
