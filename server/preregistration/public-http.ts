// Helpers the public pre-registration routes share: the {lang} path part, rate limits, the
// visitors' base url, and the spec's "error_date" reply for a visit that already exists.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGES, type Language } from '../../domain/constants';
import { ApiError, notFound } from '../http/api-error';
import { t } from '../http/i18n';

/** An unknown {lang} is an unknown path: 404, like any other bad id in a public link. */
export function langParam(request: FastifyRequest): Language {
  const lang = (request.params as { lang?: string }).lang;
  if (!lang || !(LANGUAGES as readonly string[]).includes(lang)) throw notFound();
  // The error handler speaks the caller's language; on public calls that is the path's {lang}.
  request.headers['accept-language'] = lang;
  return lang as Language;
}

/** Per address: looking things up is cheap, writing visits and probing people is not. */
export const READ_LIMIT = { max: 120, timeWindow: 60_000 };
export const WRITE_LIMIT = { max: 30, timeWindow: 60_000 };
/** The calls that look a person up by e-mail or phone share one bucket per
 * address (rotating among them gains nothing), and the host search is held tighter: it lists names. */
export const PERSON_LOOKUP_LIMIT = { ...WRITE_LIMIT, groupId: 'person-lookup' };
export const HOST_SEARCH_LIMIT = { max: 20, timeWindow: 60_000 };

/**
 * The origin of mailed links: PUBLIC_URL (main.ts always passes it, from the environment or the
 * listen address), else the address this server listens on. Never the Host header: a forged
 * header would mail a visitor's secret code to another site.
 */
export function baseUrlOf(request: FastifyRequest, configured?: string): string {
  if (configured) return configured.replace(/\/+$/, '');
  const own = request.server.server.address();
  if (own && typeof own === 'object') {
    const host =
      own.address === '0.0.0.0' || own.address === '::'
        ? 'localhost'
        : own.family === 'IPv6'
          ? `[${own.address}]`
          : own.address;
    return `http://${host}:${own.port}`;
  }
  return 'http://localhost';
}

/** Spec 2 §4 "Visit exists": message error_date, with a title and a message to show. */
export async function visitExistsAware<T>(
  reply: FastifyReply,
  lang: Language,
  work: () => Promise<T>,
): Promise<T | FastifyReply> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError && error.code === 'visit_exists') {
      return reply.code(422).send({
        code: 'visit_exists',
        message: 'error_date',
        data: { title: t(lang, 'preregistration.visitExistsTitle'), message: t(lang, 'errors.visit_exists') },
      });
    }
    throw error;
  }
}
