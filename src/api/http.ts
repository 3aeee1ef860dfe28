// The HTTP transport for /api: bearer token, timeout, typed results. It never navigates or
// shows anything; src/api/http-effects.ts decides what a failure means for the UI.
import { REQUEST_TIMEOUT_MS } from '../../domain/constants';
import { isSuccessStatus, type ApiErrorBody } from '../../domain/errors';

export type HttpResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; body?: ApiErrorBody; offline?: boolean; timedOut?: boolean };

export interface HttpClientOptions {
  baseUrl?: string;
  timeoutMs?: number;
  getToken?: () => string | undefined;
  fetchImpl?: typeof fetch;
  /** Reports whether the browser believes it is online; a network error while offline is flagged offline. */
  isOnline?: () => boolean;
}

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
  headers?: Record<string, string>;
}

export interface HttpClient {
  request<T>(method: string, path: string, options?: RequestOptions): Promise<HttpResult<T>>;
  get<T>(path: string, options?: RequestOptions): Promise<HttpResult<T>>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<HttpResult<T>>;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return { message: undefined, data: text };
  }
}

export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const baseUrl = options.baseUrl ?? '/api';
  const doFetch = options.fetchImpl ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  async function request<T>(method: string, path: string, req: RequestOptions = {}): Promise<HttpResult<T>> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(
      () => {
        timedOut = true;
        controller.abort();
      },
      req.timeoutMs ?? options.timeoutMs ?? REQUEST_TIMEOUT_MS,
    );
    const onCallerAbort = () => controller.abort();
    req.signal?.addEventListener('abort', onCallerAbort, { once: true });

    const headers: Record<string, string> = { Accept: 'application/json', ...req.headers };
    const token = options.getToken?.();
    if (token) headers.Authorization = `Bearer ${token}`;
    const isForm = typeof FormData !== 'undefined' && req.body instanceof FormData;
    if (req.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

    try {
      const url = `${baseUrl}${path.startsWith('/') ? path : `/${path}`}`;
      const response = await doFetch(url, {
        method,
        headers,
        body: req.body === undefined ? undefined : isForm ? (req.body as FormData) : JSON.stringify(req.body),
        signal: controller.signal,
      });
      const body = await readBody(response);
      if (isSuccessStatus(response.status)) return { ok: true, status: response.status, data: body as T };
      return { ok: false, status: response.status, body: (body ?? undefined) as ApiErrorBody | undefined };
    } catch {
      if (timedOut) return { ok: false, status: 0, timedOut: true };
      const online = options.isOnline?.() ?? true;
      return { ok: false, status: 0, offline: !online || !req.signal?.aborted };
    } finally {
      clearTimeout(timer);
      req.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  return {
    request,
    get: (path, req) => request('GET', path, req),
    post: (path, body, req) => request('POST', path, { ...req, body }),
  };
}
