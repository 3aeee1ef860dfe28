// /sso/:id?/:atex?/:entityId?/:ip? (spec 1 §2): with a company (:id) and a hand-off (:atex) from
// the server's callback, the session starts; otherwise a work email or company starts the sign-in
// at the company's provider. ?error= shows why a sign-in was refused, in the person's language.
// :entityId and :ip are accepted for old links and not used.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Loader, Stack, TextInput } from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../../domain/errors';
import { api } from '../../../api/client';
import { useOneTimeSession } from '../hooks/use-one-time-session';
import { CodeForm } from './code-form';
import { AuthCard } from '../../../ui/auth-card';

export function SsoPage() {
  const { t } = useTranslation();
  const { id, atex } = useParams();
  const [search] = useSearchParams();
  const session = useOneTimeSession();
  const started = useRef(false);
  const [email, setEmail] = useState('');
  const [company, setCompany] = useState(id && id !== '-' ? id : '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(() => {
    const code = search.get('error');
    return code ? t(`errors.${code}`, { defaultValue: t('errors.sso_failed') }) : undefined;
  });

  useEffect(() => {
    document.title = `${t('sso.title')} · Gatehouse`;
    if (atex && !started.current) {
      started.current = true;
      void session.redeem(atex);
    }
  }, [atex, session, t]);

  async function start(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    const res = await api.post<{ data: { url: string } }>('/sso/start', {
      email: email.trim() || undefined,
      company: company.trim() || undefined,
    });
    if (res.ok) return window.location.assign(res.data.data.url);
    setBusy(false);
    setError(messageOf(res.body) ?? t('errors.sso_failed'));
  }

  if (atex)
    return (
      <AuthCard title={t('sso.title')} intro={session.askCode ? undefined : t('sso.signingIn')}>
        {session.askCode ? (
          <CodeForm busy={session.busy} error={session.error} onCode={(code) => void session.redeem(atex, code)} />
        ) : session.error ? (
          <Stack>
            <Alert color="red" role="alert" data-testid="sso-error">
              {session.error}
            </Alert>
            <Anchor component={Link} to={`/sso/${id ?? ''}`}>
              {t('sso.continue')}
            </Anchor>
          </Stack>
        ) : (
          <Loader aria-label={t('sso.signingIn')} mx="auto" display="block" />
        )}
      </AuthCard>
    );

  return (
    <AuthCard title={t('sso.title')} intro={t('sso.intro')}>
      <form onSubmit={(e) => void start(e)} noValidate>
        <Stack gap="md">
          {error ? (
            <Alert color="red" variant="light" role="alert" data-testid="sso-error">
              {error}
            </Alert>
          ) : null}
          <TextInput
            name="email"
            type="email"
            label={t('sso.email')}
            description={t('sso.emailHelp')}
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <TextInput
            name="company"
            label={t('sso.company')}
            autoComplete="organization"
            value={company}
            onChange={(e) => setCompany(e.currentTarget.value)}
          />
          <Button type="submit" fullWidth size="md" loading={busy} disabled={!email.trim() && !company.trim()}>
            {t('sso.continue')}
          </Button>
          <Anchor component={Link} to="/login" ta="center" size="sm">
            {t('sso.backToLogin')}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
