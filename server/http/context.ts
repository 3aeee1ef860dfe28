// Who is calling: built from the bearer token only, never from the body. Every /api route
// is authenticated unless it says `config: { public: true }`, so a new route cannot forget it.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '../../domain/constants';
import { pickLanguage } from '../../domain/i18n';
import { DEVICE_PERMISSION_KEYS, isAllowed, type PermissionMap } from '../../domain/permissions';
import { forbidden, unauthenticated } from './api-error';

export interface RequestContext {
  entityId: string;
  userId: string;
  roleName: string;
  permissions: PermissionMap;
  lang: Language;
  tokenHash: string;
  /** Two-step is required for this person's role and they have none (server/two-step/enforcement.ts). */
  mustEnrol?: boolean;
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

/**
 * What a route asks of its caller, declared on the route itself so the permission walk
 * (server/permission-walk.test.ts) can read it from the route table: `public` (config),
 * `login` (requireLogin) or `permission` (requirePermission). A route declaring none fails the walk.
 */
export type RouteAccess =
  { kind: 'public' } | { kind: 'login'; devices: boolean } | { kind: 'permission'; keys: readonly string[] };

const ACCESS = Symbol('routeAccess');
type Guard = ((request: FastifyRequest, reply: FastifyReply) => Promise<void>) & { [ACCESS]?: RouteAccess };

const tagged = (guard: Guard, access: RouteAccess): Guard => Object.assign(guard, { [ACCESS]: access });

/** A device token (a kiosk) carries device permissions only; people's routes refuse it. */
const isDevice = (ctx: RequestContext): boolean => DEVICE_PERMISSION_KEYS.some((k) => isAllowed(ctx.permissions, k));

/** preHandler: the caller's role must grant at least one of `keys` (a route an admin and a kiosk both use lists both). */
export function requirePermission(...keys: [string, ...string[]]) {
  return tagged(
    async (request) => {
      const ctx = contextOf(request);
      if (!keys.some((key) => isAllowed(ctx.permissions, key))) throw forbidden();
    },
    { kind: 'permission', keys },
  );
}

/**
 * Declares the permission a route's service checks itself, after its ownership check, so
 * another company's id stays a 404 for everyone (DESIGN: tenancy answers before permission).
 * Enforces nothing here; the permission walk proves the service refuses callers without it.
 */
export function declarePermission(...keys: [string, ...string[]]) {
  return tagged(async () => {}, { kind: 'permission', keys });
}

/** preHandler: any logged-in person (their own profile, preferences, logout); a device token is refused unless `devices`. */
export function requireLogin(options: { devices?: boolean } = {}) {
  const devices = options.devices ?? false;
  return tagged(
    async (request) => {
      if (!devices && isDevice(contextOf(request))) throw forbidden();
    },
    { kind: 'login', devices },
  );
}

/** The access a route declared (its config and preHandlers), or null when it declared none. */
export function routeAccessOf(route: { config?: unknown; preHandler?: unknown }): RouteAccess | null {
  if ((route.config as { public?: boolean } | undefined)?.public) return { kind: 'public' };
  const guards = [route.preHandler].flat().filter((h): h is Guard => typeof h === 'function');
  return guards.map((g) => g[ACCESS]).find((a) => a !== undefined) ?? null;
}
