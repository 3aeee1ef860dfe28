// /login-one-time (spec 1 §2): with ?token= (a one-time login link) the person is logged in and
// the link's other query parameters are forwarded to the passport page, which forwards journey
// and add_visitor as the spec says; without a token the query goes straight to the passport login.
import { useEffect, useRef } from 'react';
import { Alert, Anchor, Loader, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { forwardedQuery } from '../../../../domain/sso';
import { PASSPORT_ROOT } from '../../../api/http-effects';
import { useOneTimeSession } from '../hooks/use-one-time-session';
import { CodeForm } from './code-form';
import { AuthCard } from '../../../ui/auth-card';

export function LoginOneTimePage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const session = useOneTimeSession();
  const started = useRef(false);
  const token = new URLSearchParams(search).get('token');
  const rest = forwardedQuery(search);
  const next = rest ? `/passport${rest}` : undefined;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (token) void session.redeem(token, undefined, next);
    else window.location.replace(`${PASSPORT_ROOT}passport${search}`);
  }, [token, next, search, session]);

  return (
    <AuthCard title={t('routes.loginOneTime', { defaultValue: t('sso.signingIn') })}>
      {session.askCode && token ? (
        <CodeForm busy={session.busy} error={session.error} onCode={(code) => void session.redeem(token, code, next)} />
      ) : session.error ? (
        <Stack>
          <Alert color="red" role="alert" data-testid="one-time-error">
            {session.error}
          </Alert>
          <Anchor component={Link} to="/login">
            {t('sso.backToLogin')}
          </Anchor>
        </Stack>
      ) : (
        <Loader aria-label={t('sso.signingIn')} mx="auto" display="block" />
      )}
    </AuthCard>
  );
}
