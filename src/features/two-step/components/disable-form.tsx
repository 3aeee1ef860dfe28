// Switching two-step off needs a current code (or a recovery code), so a borrowed session cannot.
import { useState, type FormEvent } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../../domain/errors';
import { useFailureHandler } from '../../../api/use-failure-handler';
import { disableTwoStep } from '../hooks/two-step-api';

export function DisableForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const handleFailure = useFailureHandler();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(t('validation.required'));
    setBusy(true);
    const res = await disableTwoStep(code.trim());
    setBusy(false);
    if (res.ok) return onDone();
    if (res.status === 400 || res.status === 409 || res.status === 429)
      return setError(res.body?.errors?.code?.[0] ?? messageOf(res.body));
    handleFailure(res);
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Group align="flex-end">
        <TextInput
          name="code"
          label={t('twoStep.disableCode')}
          required
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={error}
          autoComplete="one-time-code"
          maw={240}
        />
        <Button type="submit" color="red" variant="light" size="md" loading={busy}>
          {t('twoStep.disable')}
        </Button>
      </Group>
    </form>
  );
}
