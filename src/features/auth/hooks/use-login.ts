// Login form logic: validate with the domain schema, call /api/login, store the session in
// localStorage and Dexie, and turn failures into field errors, a form error or a toast.
import { useState } from 'react';
import * as v from 'valibot';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { loginSchema } from '../../../../domain/schemas/auth';
import { homeFor } from '../../../../domain/guards';
import { messageOf } from '../../../../domain/errors';
import { api } from '../../../api/client';
import { login } from '../../../api/auth';
import { writeStoredUser } from '../../../api/session';
import { useFailureHandler } from '../../../api/use-failure-handler';
import { saveSession } from '../../../db/session-store';
import { useWithDb } from '../../../db/with-db-context';

export type LoginField = 'email' | 'password' | 'subdomain' | 'code';
export type FieldErrors = Partial<Record<LoginField, string>>;
export interface LoginValues {
  email: string;
  password: string;
  subdomain: string;
  /** The two-step code, asked once the server answers otp_required. */
  code?: string;
}

/** Validation messages are i18n keys ("validation.required"); server messages are already translated. */
export function clientErrors(values: LoginValues): FieldErrors {
  const result = v.safeParse(loginSchema, { email: values.email, password: values.password });
  if (result.success) return {};
  const flat = v.flatten<typeof loginSchema>(result.issues).nested ?? {};
  return { email: flat.email?.[0], password: flat.password?.[0] };
}

export function useLogin() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const withDb = useWithDb();
  const handleFailure = useFailureHandler();
  const [busy, setBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [askSubdomain, setAskSubdomain] = useState(false);
  const [askCode, setAskCode] = useState(false);

  async function submit(values: LoginValues) {
    const local = clientErrors(values);
    if (askSubdomain && !values.subdomain.trim()) local.subdomain = 'validation.required';
    if (askCode && !values.code?.trim()) local.code = 'validation.required';
    const translated = Object.fromEntries(
      Object.entries(local)
        .filter(([, m]) => m)
        .map(([k, m]) => [k, t(m!)]),
    );
    setFieldErrors(translated);
    setFormError(undefined);
    if (Object.keys(translated).length) return;

    setBusy(true);
    const result = await login(api, {
      email: values.email.trim(),
      password: values.password,
      subdomain: askSubdomain ? values.subdomain.trim() : undefined,
      code: askCode ? values.code?.trim() : undefined,
    });
    setBusy(false);
    if (result.ok) {
      writeStoredUser(result.data);
      await saveSession(withDb, result.data, Date.now()).catch((error: unknown) => {
        console.warn('gatehouse: could not mirror the session into IndexedDB', error);
      });
      // A role that must use two-step, without it: straight to /otp-error, which leads to enrolment.
      const gate = await api.get<{ data: { must_enrol: boolean } }>('/two-step');
      const mustEnrol = gate.ok && gate.data.data.must_enrol;
      // Spec 1 §2: /passport sends a journey (pre-registration passport variant) through login.
      const journey = new URLSearchParams(search).get('journey');
      const next = journey ? `/passport${search}` : homeFor(result.data.data.user.entity.package);
      navigate(mustEnrol ? '/otp-error' : next, { replace: true });
      return;
    }
    const message = messageOf(result.body);
    // Two-step: the password was right; the same call again with the code.
    const otpCode = result.body?.code;
    if (otpCode === 'otp_required' || otpCode === 'otp_invalid') {
      setAskCode(true);
      setFieldErrors(otpCode === 'otp_invalid' ? { code: message ?? t('errors.otp_invalid') } : {});
      return;
    }
    if (result.status === 400) {
      const errors = result.body?.errors ?? {};
      if (errors.subdomain) setAskSubdomain(true);
      setFieldErrors({ email: errors.email?.[0], password: errors.password?.[0], subdomain: errors.subdomain?.[0] });
      if (message) notifications.show({ color: 'red', message });
      return;
    }
    // A deactivated account's own message, beside the form (spec 2 §8), not the generic /error.
    const deactivated = result.status === 403 && result.body?.code === 'account_deactivated';
    if (result.status === 401 || result.status === 429 || deactivated) {
      const fallback = deactivated
        ? 'errors.account_deactivated'
        : result.status === 401
          ? 'errors.invalid_credentials'
          : 'errors.too_many_attempts';
      const text = message ?? t(fallback);
      setFormError(text);
      notifications.show({ color: 'red', message: text });
      return;
    }
    if (result.status === 0) {
      setFormError(t(result.timedOut ? 'auth.timedOut' : 'auth.offline'));
      return;
    }
    handleFailure(result);
  }

  return { submit, busy, fieldErrors, formError, askSubdomain, askCode };
}
