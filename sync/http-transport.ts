// The sync transport over HTTP, with fetch injected so the sync worker, Node fault tests and
// benchmarks share it. Maps statuses onto the engine's failure kinds (DESIGN: 401 keeps the
// queue and asks for a login; 5xx and network errors are transient and retried).
import type { Failure, Transport, TransportResult } from './engine';
import type { PullResponse, PushRequest, PushResponse } from './protocol';

interface ResponseLike {
  status: number;
  json(): Promise<unknown>;
}
export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
) => Promise<ResponseLike>;

export interface HttpTransportOptions {
  baseUrl: string;
  fetch: FetchLike;
  /** Read on every call, so a new login is used at once. */
  token: () => Promise<string | null> | string | null;
}

function failureOf(status: number, body: unknown): Failure {
  const { message, code } = (body ?? {}) as { message?: string; code?: string };
  if (status === 401) return { ok: false, kind: 'auth', status, message };
  // 408, 425, 429 and every 5xx may pass; any other 4xx will not, but the queue is kept all the same.
  const transient = status >= 500 || status === 408 || status === 425 || status === 429;
  return { ok: false, kind: transient ? 'transient' : 'fatal', status, code, message };
}

export function httpTransport(o: HttpTransportOptions): Transport {
  async function call<T>(method: string, path: string, body?: unknown): Promise<TransportResult<T>> {
    const token = await o.token();
    if (!token) return { ok: false, kind: 'auth', message: 'no token' };
    let res: ResponseLike;
    try {
      res = await o.fetch(o.baseUrl + path, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
    } catch (error) {
      return { ok: false, kind: 'transient', message: error instanceof Error ? error.message : 'network error' };
    }
    const json = await res.json().catch(() => null);
    if (res.status === 200 || res.status === 201) return { ok: true, body: json as T };
    return failureOf(res.status, json);
  }

  return {
    push: (body: PushRequest) => call<PushResponse>('POST', '/api/sync/push', body),
    pull: (q) => {
      const params: Record<string, string> = {
        deviceId: q.deviceId,
        limit: String(q.limit),
        ...(q.cursor ? { cursor: q.cursor } : {}),
      };
      const qs = Object.entries(params)
        .map(([k, value]) => `${k}=${encodeURIComponent(value)}`)
        .join('&');
      return call<PullResponse>('GET', `/api/sync/pull?${qs}`);
    },
  };
}
