// One place that shapes every failure: catalogue code + translated message (+ field errors).
// Bad input never becomes a 500; only unknown errors do, as `generic`.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './api-error';
import { languageOf } from './context';
import { errorMessage, validationMessage } from './i18n';
import { isTransientDbError } from '../db/timeouts';

// Unique constraints → catalogue codes (constraint names come from server/db/schema).
const uniqueCodes: Record<string, ApiError['code']> = {
  users_entity_email_unique: 'email_exists',
  users_entity_phone_unique: 'phone_exists',
  users_entity_passport_unique: 'id_exists',
};

interface PgLikeError {
  code?: string;
  constraint?: string;
}

function pgErrorOf(error: unknown): PgLikeError | null {
  // Drizzle wraps driver errors (DrizzleQueryError.cause); PGlite and pg both expose SQLSTATE in `code`.
  for (let e: unknown = error, depth = 0; e && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as PgLikeError).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return e as PgLikeError;
  }
  return null;
}

export function toApiError(error: unknown): ApiError | null {
  if (error instanceof ApiError) return error;
  const pgError = pgErrorOf(error);
  if (pgError?.code === '23505')
    return new ApiError(409, uniqueCodes[pgError.constraint ?? ''] ?? 'action_not_allowed');
  // A reference to a row the caller's entity does not have looks exactly like a missing row.
  if (pgError?.code === '23503') return new ApiError(404, 'not_found');
  if (pgError?.code === '22P02' || pgError?.code === '23514' || pgError?.code === '22001') {
    return new ApiError(400, 'validation_failed', { _: ['validation.required'] });
  }
  // Text the database cannot store (U+0000, bad UTF-8 or unpaired surrogates in text or jsonb)
  // and numbers beyond the column: the shared validation refuses these first; this is the net.
  if (pgError?.code === '22021' || pgError?.code === '22P05') {
    return new ApiError(400, 'validation_failed', { _: ['validation.text_characters'] });
  }
  if (pgError?.code === '22003') return new ApiError(400, 'validation_failed', { _: ['validation.number'] });
  const status = (error as FastifyError).statusCode;
  if (status === 429) return new ApiError(429, 'too_many_attempts');
  // Fastify's own 4xx (malformed JSON, empty body, wrong content type, body too large).
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new ApiError(status, 'validation_failed', { _: ['errors.validation_failed'] });
  }
  return null;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const apiError = toApiError(error);
    const lang = languageOf(request);
    // A lock, statement or pool wait cut short: busy, not broken; a device
    // retries a 503 later. Not in toApiError: inside a push that would reject the mutation.
    if ((!apiError && isTransientDbError(error)) || apiError?.statusCode === 503) {
      request.log.warn({ err: error }, 'database busy');
      return reply
        .code(503)
        .header('retry-after', '2')
        .send({ code: 'generic', message: errorMessage(lang, 'generic'), request_id: request.id });
    }
    if (!apiError) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.code(500).send({ code: 'generic', message: errorMessage(lang, 'generic'), request_id: request.id });
    }
    // The request id lets a person quote the failure and an operator find its log lines.
    const body: {
      code: string;
      message: string;
      errors?: Record<string, string[]>;
      request_id: string;
      otp_error?: boolean;
    } = {
      code: apiError.code,
      message: errorMessage(lang, apiError.code, apiError.params),
      request_id: request.id,
    };
    // Spec 2 §8: a 403 with otp_error sends the app to /otp-error.
    if (apiError.code === 'otp_error') body.otp_error = true;
    if (apiError.errors) {
      body.errors = Object.fromEntries(
        Object.entries(apiError.errors).map(([field, keys]) => [field, keys.map((k) => validationMessage(lang, k))]),
      );
    }
    return reply.code(apiError.statusCode).send(body);
  });
}
