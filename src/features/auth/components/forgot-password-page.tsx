// /forgot-password (spec 1 §2): the person types their email and is told a link is on its way.
// The answer is the same whether or not the email belongs to an account.
import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { forgotPasswordSchema } from '../../../../domain/password-reset';
import { messageOf } from '../../../../domain/errors';
import { parse } from '../../../../domain/validation';
import { passwordResetApi } from '../hooks/password-reset-api';
import { AuthCard } from '../../../ui/auth-card';

export function ForgotPasswordPage() {
  const { t, i18n } = useTranslation();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const [sent, setSent] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    document.title = `${t('routes.forgotPassword')} · Gatehouse`;
  }, [t]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(undefined);
    const checked = parse(forgotPasswordSchema, { email });
    if (!checked.ok) {
      setFieldError(t(checked.errors.email?.[0] ?? 'validation.required'));
      return;
    }
    setFieldError(undefined);
    setBusy(true);
    const result = await passwordResetApi.forgot(i18n.language, checked.value.email);
    setBusy(false);
    if (result.ok) setSent(result.data.message);
    else if (result.status === 0) setFormError(t(result.timedOut ? 'auth.timedOut' : 'auth.offline'));
    else setFormError(messageOf(result.body) ?? t('errors.generic'));
  }

  return (
    <AuthCard title={t('passwordReset.forgotTitle')} intro={sent ? undefined : t('passwordReset.forgotIntro')}>
      {sent ? (
        <Stack gap="md">
          <Alert color="teal" variant="light" role="status" data-testid="forgot-sent">
            {sent}
          </Alert>
          <Anchor component={Link} to="/login" ta="center">
            {t('passwordReset.backToLogin')}
          </Anchor>
        </Stack>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <TextInput
              name="email"
              type="email"
              label={t('passwordReset.email')}
              autoComplete="username"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={fieldError}
            />
            {formError ? (
              <Alert color="red" variant="light" role="alert" data-testid="forgot-error">
                {formError}
              </Alert>
            ) : null}
            <Button type="submit" fullWidth size="md" loading={busy}>
              {t('passwordReset.send')}
            </Button>
            <Anchor component={Link} to="/login" ta="center" size="sm">
              {t('passwordReset.backToLogin')}
            </Anchor>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
