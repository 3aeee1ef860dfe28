// Change the passport password: the current one first ('Current Password is Not Correct!').
import { useState, type FormEvent } from 'react';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../../domain/errors';
import { useFailureHandler } from '../../../api/use-failure-handler';
import { showFormSuccess } from '../../../ui/form-toasts';
import { changePassword } from '../hooks/passport-api';

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const handleFailure = useFailureHandler();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<{ current_password?: string; password?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const res = await changePassword(current, next);
    setBusy(false);
    if (res.ok) {
      setCurrent('');
      setNext('');
      setErrors({});
      return showFormSuccess(t('passportAccount.passwordChanged'));
    }
    if (res.status === 400) {
      const e = res.body?.errors;
      return setErrors({
        current_password: e?.current_password?.[0] ?? (e?.password ? undefined : messageOf(res.body)),
        password: e?.password?.[0],
      });
    }
    handleFailure(res);
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="passport-password-form">
      <Stack gap="sm" maw={420}>
        <PasswordInput
          name="current_password"
          label={t('passportAccount.currentPassword')}
          required
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.currentTarget.value)}
          error={errors.current_password}
        />
        <PasswordInput
          name="password"
          label={t('passportAccount.newPassword')}
          required
          autoComplete="new-password"
          value={next}
          onChange={(e) => setNext(e.currentTarget.value)}
          error={errors.password}
        />
        <Button type="submit" size="md" loading={busy} style={{ alignSelf: 'flex-start' }}>
          {t('passportAccount.changePassword')}
        </Button>
      </Stack>
    </form>
  );
}
