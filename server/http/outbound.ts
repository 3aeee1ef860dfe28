// The one way the server makes an HTTP request to an address a person typed or a provider sent
// (directory integrations, SSO discovery/token/JWKS, notification webhooks):
//
//   const res = await outboundFetch(url, { method: 'POST', headers, body }, { timeoutMs: 10_000 });
//
// It answers a standard Response (body already read, so the time limit covers all of it) or
// throws OutboundError — one error, with one message, for every failure: an address the policy
// refuses (server/http/outbound-policy.ts), DNS failure, a refused or closed port, a reset, a
// timeout, an answer too large. Callers map it to their own catalogue code, never to its detail,
// so nobody can tell an open port from a closed one. DNS is resolved once, every address it
// gives is checked, and the socket connects to the checked address (no second lookup that a
// rebinding DNS could answer differently). Redirects are never followed: a 3xx is answered as
// it came, so credentials in a body or header never travel on to another host.
import http from 'node:http';
import https from 'node:https';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { addressAllowed, bareHost, outboundPolicy, type OutboundPolicy } from './outbound-policy';

/** Per request unless the caller says otherwise; OUTBOUND_TIMEOUT_MS caps every request. */
export const OUTBOUND_TIMEOUT_MS = 30_000;
/** The largest answer read (a Graph page of 999 people is a few MB). */
const MAX_BODY_BYTES = 64 * 1024 * 1024;

export type OutboundFailure = 'refused' | 'unreachable' | 'timeout';

/** Every outbound failure. `reason` and `detail` are for server logs and retries only. */
export class OutboundError extends Error {
  constructor(
    readonly reason: OutboundFailure,
    readonly detail: string,
  ) {
    super('the outbound request failed');
    this.name = 'OutboundError';
  }
}

export interface OutboundInit {
  method?: string;
  headers?: HeadersInit;
  body?: string | URLSearchParams | Uint8Array | ArrayBuffer | null;
  signal?: AbortSignal | null;
  /** Accepted for fetch compatibility (openid-client passes it); redirects are never followed. */
  redirect?: RequestRedirect;
}

const agents = new Map<string, { http: http.Agent; https: https.Agent }>();
function agentsFor(policy: OutboundPolicy) {
  let pair = agents.get(policy.key);
  if (!pair) {
    // Kept-alive sockets are pooled per policy: one connected while the guard was off is never
    // reused once it is on.
    pair = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };
    agents.set(policy.key, pair);
  }
  return pair;
}

/** dns.lookup once; every address checked; the socket gets only checked addresses. */
function guardedLookup(policy: OutboundPolicy, hostname: string): LookupFunction {
  return (host, options, callback) => {
    dnsLookup(host, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const bad = addresses.find((a) => !addressAllowed(policy, hostname, a.address));
      if (bad || addresses.length === 0)
        return callback(new OutboundError('refused', `${host} resolves to ${bad?.address ?? 'nothing'}`), '', 0);
      if ((options as { all?: boolean }).all)
        return (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

function bodyBytes(body: OutboundInit['body'], headers: Headers): Buffer | null {
  if (body == null) return null;
  if (body instanceof URLSearchParams) {
    if (!headers.has('content-type')) headers.set('content-type', 'application/x-www-form-urlencoded;charset=UTF-8');
    return Buffer.from(body.toString());
  }
  if (typeof body === 'string') {
    if (!headers.has('content-type')) headers.set('content-type', 'text/plain;charset=UTF-8');
    return Buffer.from(body);
  }
  return Buffer.from(body instanceof ArrayBuffer ? new Uint8Array(body) : body);
}

function answer(res: http.IncomingMessage, body: Buffer): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const status = res.statusCode ?? 502;
  const empty = status === 204 || status === 205 || status === 304;
  return new Response(empty ? null : new Uint8Array(body), { status, statusText: res.statusMessage, headers });
}

export async function outboundFetch(
  input: string | URL,
  init: OutboundInit = {},
  options: { timeoutMs?: number } = {},
): Promise<Response> {
  const policy = outboundPolicy();
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new OutboundError('refused', 'not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundError('refused', url.protocol);
  const host = bareHost(url.hostname);
  // A literal address never goes through a lookup, so it is checked here.
  if (isIP(host) && !addressAllowed(policy, host, host)) throw new OutboundError('refused', `address ${host}`);

  const cap = Number(process.env.OUTBOUND_TIMEOUT_MS) || Infinity;
  const timeoutMs = Math.min(options.timeoutMs ?? OUTBOUND_TIMEOUT_MS, cap);
  const headers = new Headers(init.headers);
  const body = bodyBytes(init.body, headers);
  if (body) headers.set('content-length', String(body.length));
  const secure = url.protocol === 'https:';
  const pair = agentsFor(policy);

  return new Promise<Response>((resolve, reject) => {
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      init.signal?.removeEventListener('abort', onAbort);
      request.destroy();
      reject(
        error instanceof OutboundError
          ? error
          : new OutboundError('unreachable', error instanceof Error ? error.message : String(error)),
      );
    };
    const onAbort = () => fail(new OutboundError('timeout', 'aborted by the caller'));
    const request = (secure ? https : http).request(url, {
      method: init.method ?? 'GET',
      headers: Object.fromEntries(headers),
      agent: secure ? pair.https : pair.http,
      lookup: policy.guard ? guardedLookup(policy, host) : undefined,
    });
    const timer = setTimeout(() => fail(new OutboundError('timeout', `no answer in ${timeoutMs} ms`)), timeoutMs);
    if (init.signal?.aborted) return onAbort();
    init.signal?.addEventListener('abort', onAbort, { once: true });
    request.on('error', fail);
    request.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_BODY_BYTES) return fail(new OutboundError('unreachable', 'answer too large'));
        chunks.push(chunk);
      });
      res.on('error', fail);
      res.on('end', () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        init.signal?.removeEventListener('abort', onAbort);
        try {
          resolve(answer(res, Buffer.concat(chunks)));
        } catch (error) {
          reject(new OutboundError('unreachable', (error as Error).message));
        }
      });
    });
    request.end(body ?? undefined);
  });
}
