// The two-step code asked before a one-time or SSO session starts.
import { useState, type FormEvent } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function CodeForm(props: { busy: boolean; error?: string; onCode: (code: string) => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) props.onCode(code.trim());
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          name="code"
          label={t('sso.loginCode')}
          required
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={props.error}
          autoComplete="one-time-code"
          inputMode="numeric"
          data-testid="sso-code"
        />
        <Button type="submit" loading={props.busy}>
          {t('sso.submitCode')}
        </Button>
      </Stack>
    </form>
  );
}
