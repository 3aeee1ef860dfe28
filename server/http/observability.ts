// Structured logs (Fastify's pino) that an operator can follow and that leak nothing: each
// request gets an id, sent back in `x-request-id` and in error answers, and logged with the
// route's pattern (never the raw address, whose path and query can carry link codes, tokens or
// a searched name); credentials are redacted wherever a log line might carry them.
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';

/** An id a proxy passed in is kept when it looks like one (so one request is one id end to end). */
const INCOMING_ID = /^[A-Za-z0-9._-]{8,64}$/;

export const REQUEST_ID_HEADER = 'x-request-id';

export function requestIdOf(request: { headers: Record<string, string | string[] | undefined> }): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && INCOMING_ID.test(incoming) ? incoming : randomUUID();
}

/** Paths pino must blank out if any log line ever carries them. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.current_password',
  '*.new_password',
  '*.token',
  '*.access_token',
  '*.refresh_token',
  '*.secret',
  '*.client_secret',
  '*.smtpUrl',
];

interface LoggedRequest {
  method: string;
  routeOptions?: { url?: string };
  id: string;
}

/** Fastify logger options: JSON lines, the route pattern instead of the address, secrets redacted. */
export function loggerOptions(
  level: string,
  stream?: NodeJS.WritableStream,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req: (request: LoggedRequest) => ({
        id: request.id,
        method: request.method,
        route: request.routeOptions?.url ?? '(no route)',
      }),
      res: (reply: FastifyReply) => ({ statusCode: reply.statusCode }),
    },
  } as Exclude<FastifyServerOptions['logger'], boolean | undefined>;
}

/** Sends the request id back on every answer. */
export function echoRequestId(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  void reply.header(REQUEST_ID_HEADER, request.id);
  done();
}
