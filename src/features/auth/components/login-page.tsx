// /login (spec 1 §2): clears the stored user, then email + password (+ company when the
// server asks because the email exists in several companies).
import { useEffect, useState, type FormEvent } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { clearStoredUser } from '../../../api/session';
import { LanguageMenu } from '../../../ui/language-menu';
import { useLogin, type LoginValues } from '../hooks/use-login';

export function LoginPage() {
  const { t } = useTranslation();
  const { submit, busy, fieldErrors, formError, askSubdomain, askCode } = useLogin();
  const [values, setValues] = useState<LoginValues>({ email: '', password: '', subdomain: '' });

  useEffect(() => {
    clearStoredUser();
    document.title = `${t('routes.login')} · Gatehouse`;
  }, [t]);

  const set = (field: keyof LoginValues) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((old) => ({ ...old, [field]: value }));
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(values);
  };

  return (
    <div className="gh-login">
      <Group justify="flex-end" p="md">
        <LanguageMenu loggedIn={false} variant="default" />
      </Group>
      <Center px="md" pb="xl">
        <Paper withBorder shadow="sm" radius="lg" p="xl" w="100%" maw={420}>
          <Stack gap="xs" align="center" mb="lg">
            <img src="/logo.svg" alt="" width={56} height={56} />
            <Title order={1} size="h2" ta="center" data-testid="page-title">
              {t('auth.title')}
            </Title>
            <Text c="dimmed" size="sm" ta="center">
              {t('auth.subtitle')}
            </Text>
          </Stack>
          <form onSubmit={onSubmit} noValidate aria-describedby={formError ? 'login-error' : undefined}>
            <Stack gap="md">
              <TextInput
                name="email"
                type="email"
                label={t('auth.email')}
                autoComplete="username"
                required
                value={values.email}
                onChange={set('email')}
                error={fieldErrors.email}
              />
              <PasswordInput
                name="password"
                label={t('auth.password')}
                autoComplete="current-password"
                required
                value={values.password}
                onChange={set('password')}
                error={fieldErrors.password}
                visibilityToggleButtonProps={{ 'aria-label': t('auth.showPassword') }}
              />
              {askSubdomain ? (
                <TextInput
                  name="subdomain"
                  label={t('auth.subdomain')}
                  description={t('auth.subdomainHelp')}
                  required
                  value={values.subdomain}
                  onChange={set('subdomain')}
                  error={fieldErrors.subdomain}
                  autoComplete="organization"
                />
              ) : null}
              {askCode ? (
                <TextInput
                  name="code"
                  label={t('twoStep.loginCode')}
                  description={t('twoStep.loginCodeHelp')}
                  required
                  value={values.code ?? ''}
                  onChange={set('code')}
                  error={fieldErrors.code}
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  data-autofocus
                  data-testid="login-code"
                />
              ) : null}
              {formError ? (
                <Alert color="red" variant="light" id="login-error" role="alert" data-testid="login-error">
                  {formError}
                </Alert>
              ) : null}
              <Button type="submit" fullWidth size="md" loading={busy}>
                {t('auth.submit')}
              </Button>
              <Anchor component={Link} to="/forgot-password" ta="center" size="sm" data-testid="forgot-password-link">
                {t('passwordReset.forgotLink')}
              </Anchor>
              <Anchor component={Link} to="/sso" ta="center" size="sm" data-testid="sso-link">
                {t('sso.loginLink')}
              </Anchor>
            </Stack>
          </form>
        </Paper>
      </Center>
    </div>
  );
}
