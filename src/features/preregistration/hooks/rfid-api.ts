// The public /rfid/:code calls: whose card the link enrols, and the enrolment itself.
import type { RfidLinkDetails } from '../../../../domain/rfid-enrolment';
import { api } from '../../../api/client';
import type { HttpResult } from '../../../api/http';

const data = <T>(r: HttpResult<{ data: T }>): HttpResult<T> => (r.ok ? { ...r, data: r.data.data } : r);

export const rfidApi = {
  details: async (lang: string, code: string) =>
    data(await api.get<{ data: RfidLinkDetails }>(`/rfid/${lang}/${encodeURIComponent(code)}`)),
  enrol: async (lang: string, code: string, rfid: string) =>
    data(await api.post<{ data: { rfid: string } }>(`/rfid/${lang}/${encodeURIComponent(code)}`, { rfid })),
};

/** Why the link cannot be used, from the server's answer: unknown, used, expired, or a failed load. */
export type RfidLinkProblem = 'invalid' | 'used' | 'expired' | 'failed';

export function problemOf(status: number, code: string | undefined): RfidLinkProblem {
  if (status === 404) return 'invalid';
  if (status === 409 && code === 'link_used') return 'used';
  if (status === 409 && code === 'link_expired') return 'expired';
  return 'failed';
}
