// /reset-password/:token — a one-time link from the forgot-password mail (or a first-password
// mail) sets the person's password, then sends them to log in with it. Used, expired and
// unknown links say so and offer a new one.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Loader, PasswordInput, Stack } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { newPasswordSchema } from '../../../../domain/password-reset';
import { messageOf } from '../../../../domain/errors';
import { parse } from '../../../../domain/validation';
import { passwordResetApi, problemOf, type PasswordLinkProblem } from '../hooks/password-reset-api';
import { AuthCard } from '../../../ui/auth-card';

type State =
  | { kind: 'loading' }
  | { kind: 'problem'; problem: PasswordLinkProblem }
  | { kind: 'ready'; email: string; purpose: 'reset' | 'first' };

const PROBLEM_TEXT: Record<PasswordLinkProblem, string> = {
  invalid: 'errors.not_found',
  used: 'errors.link_used',
  expired: 'errors.link_expired',
  failed: 'errors.generic',
};
/** An email keeps its own direction inside an Arabic sentence. */
const isolate = (s: string) => `\u2068${s}\u2069`;

export function ResetPasswordPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [values, setValues] = useState({ password: '', confirm: '' });
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    document.title = `${t('routes.resetPassword')} · Gatehouse`;
  }, [t]);
  // Checked once per token, not per language change.
  const language = useRef(i18n.language);
  useEffect(() => {
    let live = true;
    void passwordResetApi.inspect(language.current, token).then((r) => {
      if (!live) return;
      setState(
        r.ok ? { kind: 'ready', ...r.data.data } : { kind: 'problem', problem: problemOf(r.status, r.body?.code) },
      );
    });
    return () => {
      live = false;
    };
  }, [token]);

  // The value is read now: React clears currentTarget before a state updater runs.
  const set = (field: 'password' | 'confirm') => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((old) => ({ ...old, [field]: value }));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (state.kind !== 'ready' || busy) return;
    const checked = parse(newPasswordSchema, { password: values.password });
    if (!checked.ok) return setErrors({ password: t(checked.errors.password?.[0] ?? 'validation.required') });
    if (values.confirm !== values.password) return setErrors({ confirm: t('passwordReset.mismatch') });
    setErrors({});
    setBusy(true);
    const r = await passwordResetApi.complete(i18n.language, token, values.password);
    setBusy(false);
    if (r.ok) {
      notifications.show({ color: 'teal', message: r.data.message });
      navigate('/login', { replace: true });
    } else if (r.status === 400) setErrors({ password: r.body?.errors?.password?.[0] ?? messageOf(r.body) });
    else setState({ kind: 'problem', problem: problemOf(r.status, r.body?.code) });
  }

  const first = state.kind === 'ready' && state.purpose === 'first';
  const intro =
    state.kind === 'ready'
      ? t(first ? 'passwordReset.firstIntro' : 'passwordReset.resetIntro', { email: isolate(state.email) })
      : undefined;
  return (
    <AuthCard title={t(first ? 'passwordReset.firstTitle' : 'passwordReset.resetTitle')} intro={intro}>
      {state.kind === 'loading' ? (
        <Stack align="center" gap="xs" role="status">
          <Loader size="sm" />
          {t('passwordReset.checking')}
        </Stack>
      ) : state.kind === 'problem' ? (
        <Stack gap="md">
          <Alert color="red" variant="light" role="alert" data-testid="reset-problem">
            {t(PROBLEM_TEXT[state.problem])}
          </Alert>
          <Button component={Link} to="/forgot-password" fullWidth size="md" variant="light">
            {t('passwordReset.requestNew')}
          </Button>
        </Stack>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <PasswordInput
              name="password"
              label={t('passwordReset.password')}
              description={t('passwordReset.rules')}
              autoComplete="new-password"
              required
              value={values.password}
              onChange={set('password')}
              error={errors.password}
              visibilityToggleButtonProps={{ 'aria-label': t('auth.showPassword') }}
            />
            <PasswordInput
              name="confirm"
              label={t('passwordReset.confirm')}
              autoComplete="new-password"
              required
              value={values.confirm}
              onChange={set('confirm')}
              error={errors.confirm}
              visibilityToggleButtonProps={{ 'aria-label': t('auth.showPassword') }}
            />
            <Button type="submit" fullWidth size="md" loading={busy}>
              {t('passwordReset.save')}
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
