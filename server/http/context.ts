// Who is calling: built from the bearer token only, never from the body. Every /api route
// is authenticated unless it says `config: { public: true }`, so a new route cannot forget it.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '../../domain/constants';
import { pickLanguage } from '../../domain/i18n';
import { isAllowed, type PermissionMap } from '../../domain/permissions';
import { forbidden, unauthenticated } from './api-error';

export interface RequestContext {
  entityId: string;
  userId: string;
  roleName: string;
  permissions: PermissionMap;
  lang: Language;
  tokenHash: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a token (health, login). */
    public?: boolean;
  }
}

/** The caller's language for messages: stored preference, else Accept-Language, else en. */
export function languageOf(request: FastifyRequest): Language {
  return request.ctx?.lang ?? pickLanguage(request.headers['accept-language']);
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/** The authenticated context, for handlers behind the auth hook. */
export function contextOf(request: FastifyRequest): RequestContext {
  if (!request.ctx) throw unauthenticated();
  return request.ctx;
}

/** The caller's role must grant `key` with allowed === 1 (services call it after tenancy checks). */
export function assertAllowed(ctx: RequestContext, key: string): void {
  if (!isAllowed(ctx.permissions, key)) throw forbidden();
}

/** preHandler form of assertAllowed, for routes without path ids. */
export function requirePermission(key: string) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    assertAllowed(contextOf(request), key);
  };
}
