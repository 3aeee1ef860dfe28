import { describe, expect, it, vi } from 'vitest';
import { createHttpClient } from './http';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('createHttpClient', () => {
  it('sends the bearer token and JSON, and returns typed success for 200/201', async () => {
    const fetchImpl = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => json(201, { data: { id: 1 } }));
    const client = createHttpClient({ fetchImpl, getToken: () => 'tok' });
    const result = await client.post<{ data: { id: number } }>('/things', { a: 1 });
    expect(result).toEqual({ ok: true, status: 201, data: { data: { id: 1 } } });
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('/api/things');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init?.body).toBe('{"a":1}');
  });

  it('leaves the Authorization header out without a token', async () => {
    const fetchImpl = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => json(200, {}));
    await createHttpClient({ fetchImpl }).get('/user_details');
    expect((fetchImpl.mock.calls[0]![1]?.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('treats any other status as a failure with the parsed body', async () => {
    const client = createHttpClient({
      fetchImpl: async () => json(401, { code: 'invalid_credentials', message: 'No' }),
    });
    expect(await client.post('/login', {})).toEqual({
      ok: false,
      status: 401,
      body: { code: 'invalid_credentials', message: 'No' },
    });
    const noContent = createHttpClient({ fetchImpl: async () => new Response(null, { status: 204 }) });
    expect((await noContent.get('/x')).ok).toBe(false);
  });

  it('reports a network failure as offline, without throwing', async () => {
    const client = createHttpClient({
      fetchImpl: async () => {
        throw new TypeError('Failed to fetch');
      },
      isOnline: () => false,
    });
    expect(await client.get('/x')).toEqual({ ok: false, status: 0, offline: true });
  });

  it('aborts after the timeout and says so', async () => {
    const fetchImpl = (_url: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const result = await createHttpClient({ fetchImpl, timeoutMs: 10 }).get('/slow');
    expect(result).toEqual({ ok: false, status: 0, timedOut: true });
  });
});
