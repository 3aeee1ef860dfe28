// The public password-link calls, in the page's language (server messages come back translated).
import { api } from '../../../api/client';

const lang = (language: string) => ({ headers: { 'accept-language': language } });

export const passwordResetApi = {
  forgot: (language: string, email: string) =>
    api.post<{ message: string }>('/forgot-password', { email, lang: language }, lang(language)),
  inspect: (language: string, token: string) =>
    api.get<{ data: { email: string; purpose: 'reset' | 'first' } }>(
      `/reset-password/${encodeURIComponent(token)}`,
      lang(language),
    ),
  complete: (language: string, token: string, password: string) =>
    api.post<{ message: string }>(`/reset-password/${encodeURIComponent(token)}`, { password }, lang(language)),
};

/** Why a link cannot be used: unknown, used, expired, or the call failed. */
export type PasswordLinkProblem = 'invalid' | 'used' | 'expired' | 'failed';

export function problemOf(status: number, code: string | undefined): PasswordLinkProblem {
  if (status === 404) return 'invalid';
  if (status === 409 && code === 'link_used') return 'used';
  if (status === 409 && code === 'link_expired') return 'expired';
  return 'failed';
}
