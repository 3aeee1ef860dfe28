// Starts a session from a one-time token (a /login-one-time link or the SSO hand-off): stores it
// the way the password login does, asks for the two-step code when the server wants it, and
// sends a person who still has to enrol to /otp-error.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { homeFor } from '../../../../domain/guards';
import { messageOf } from '../../../../domain/errors';
import type { StoredUser } from '../../../../domain/session';
import { api } from '../../../api/client';
import { writeStoredUser } from '../../../api/session';
import { saveSession } from '../../../db/session-store';
import { useWithDb } from '../../../db/with-db-context';

export function useOneTimeSession() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const withDb = useWithDb();
  const [askCode, setAskCode] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  /** `next` is where to go instead of the home page (forwarded query parameters). */
  async function redeem(token: string, code?: string, next?: string) {
    setBusy(true);
    setError(undefined);
    const result = await api.post<StoredUser>('/login-one-time', { token, code: code || undefined });
    setBusy(false);
    if (result.ok) {
      writeStoredUser(result.data);
      await saveSession(withDb, result.data, Date.now()).catch((e: unknown) => {
        console.warn('gatehouse: could not mirror the session into IndexedDB', e);
      });
      const gate = await api.get<{ data: { must_enrol: boolean } }>('/two-step');
      const home = next ?? homeFor(result.data.data.user.entity.package);
      navigate(gate.ok && gate.data.data.must_enrol ? '/otp-error' : home, { replace: true });
      return;
    }
    const codeOf = result.body?.code;
    if (codeOf === 'otp_required' || codeOf === 'otp_invalid') {
      setAskCode(true);
      if (codeOf === 'otp_invalid') setError(messageOf(result.body) ?? t('errors.otp_invalid'));
      return;
    }
    // A public page sends no language, so the catalogue code is translated here (spec 2 §8 words).
    const known = codeOf && i18n.exists(`errors.${codeOf}`) ? t(`errors.${codeOf}`) : undefined;
    setError(known ?? messageOf(result.body) ?? t(result.status === 0 ? 'auth.offline' : 'errors.generic'));
  }

  return { redeem, askCode, error, busy };
}
