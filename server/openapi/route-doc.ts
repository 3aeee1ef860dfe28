// What a route tells the API document about itself, beside its access (server/http/context.ts):
// one `config: { openapi: { summary, body, query, params, response } }` on the route, naming the
// same valibot schemas its handler passes to parseOrThrow, so the document is never a copy.
import type * as v from 'valibot';

export interface RouteDoc {
  /** One line, shown in /api/docs beside the path. */
  summary: string;
  /** Schemas the handler parses request.body / request.query / request.params with. */
  body?: v.GenericSchema;
  query?: v.GenericSchema;
  params?: v.GenericSchema;
  /** The answer's shape, where a valibot schema for it exists. */
  response?: v.GenericSchema;
  /** The success status when it is not 200 (201 for a creation). */
  status?: number;
  /** The body is a multipart form (its fields are `body`) instead of JSON. */
  multipart?: boolean;
  /** The answer is not JSON (a CSV export, a photo, a file, the docs page). */
  produces?: string;
  /** The body's `mutations` are sync catalogue mutations (POST /api/sync/push). */
  syncMutations?: boolean;
  /** Groups the operation in /api/docs; default: from the path (server/openapi/tags.ts). */
  tag?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's entry in the API document (/api/openapi.json); server/openapi/route-doc.ts. */
    openapi?: RouteDoc;
  }
}

/** The doc a route declared in its config, or null (the completeness test lists those). */
export function routeDocOf(route: { config?: unknown }): RouteDoc | null {
  return (route.config as { openapi?: RouteDoc } | undefined)?.openapi ?? null;
}
