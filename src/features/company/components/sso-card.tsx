// Single sign-on settings: the company's OpenID Connect provider (issuer, client id,
// client secret: write-only, sealed on the server) and the email domain its people sign in with.
import { useEffect, useState, type FormEvent } from 'react';
import { Button, Code, Paper, PasswordInput, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SsoSettingsView } from '../../../../domain/sso';
import { api } from '../../../api/client';
import { useSend } from '../hooks/use-send';

type Field = 'issuer_url' | 'client_id' | 'client_secret' | 'email_domain';

export function SsoCard() {
  const { t } = useTranslation();
  const send = useSend();
  const [view, setView] = useState<SsoSettingsView | null>(null);
  const [form, setForm] = useState({
    enabled: false,
    issuer_url: '',
    client_id: '',
    client_secret: '',
    email_domain: '',
  });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void api.get<{ data: SsoSettingsView | null }>('/company/sso').then((res) => {
      if (!res.ok || !res.data.data) return;
      const d = res.data.data;
      setView(d);
      setForm({ ...d, client_secret: '' });
    });
  }, []);

  const input = (field: Field) => ({
    value: form[field],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setForm((old) => ({ ...old, [field]: value }));
    },
    error: errors[field]?.[0],
    name: field,
  });

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const res = await send<SsoSettingsView>('PUT', '/company/sso', form, t('sso.saved'));
    setBusy(false);
    setErrors(res.ok ? {} : res.errors);
    if (res.ok) {
      setView(res.data);
      setForm((old) => ({ ...old, client_secret: '' }));
    }
  }

  return (
    <Paper withBorder radius="md" p="lg" data-testid="sso-card">
      <form onSubmit={(e) => void save(e)} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('sso.settingsTitle')}
          </Title>
          <Switch
            label={t('sso.enabled')}
            checked={form.enabled}
            onChange={(e) => {
              const enabled = e.currentTarget.checked;
              setForm((old) => ({ ...old, enabled }));
            }}
          />
          <TextInput label={t('sso.issuerUrl')} type="url" dir="ltr" required {...input('issuer_url')} />
          <TextInput label={t('sso.clientId')} dir="ltr" required {...input('client_id')} />
          <PasswordInput
            label={t('sso.clientSecret')}
            description={view?.has_secret ? t('sso.clientSecretKept') : undefined}
            autoComplete="new-password"
            dir="ltr"
            {...input('client_secret')}
          />
          <TextInput label={t('sso.emailDomain')} dir="ltr" required {...input('email_domain')} />
          {view ? (
            <Text size="sm">
              {t('sso.redirectUri')}: <Code style={{ overflowWrap: 'anywhere' }}>{view.redirect_uri}</Code>
            </Text>
          ) : null}
          <Button type="submit" loading={busy} data-testid="sso-save">
            {t('sso.save')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
