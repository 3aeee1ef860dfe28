// Builds the OpenAPI 3.1 document from the route table: each route's path, method and declared
// access, and the JSON Schema of the valibot schemas it names in config.openapi (converted by
// @valibot/to-json-schema; OpenAPI 3.1 schemas are JSON Schema 2020-12). Nothing is written by hand
// but the error body, which server/http/error-handler.ts shapes for every failure.
import type * as v from 'valibot';
import { ERROR_CODES } from '../../domain/errors';
import type { RouteEntry } from '../http/route-entry';
import type { RouteAccess } from '../http/context';
import { jsonSchemaOf, type JsonSchema } from './json-schema';
import type { RouteDoc } from './route-doc';
import { syncMutationSchemas, withMutationEntries } from './sync-mutations';
import { TAGS, tagOf } from './tags';

type Operation = Record<string, unknown>;

/** Routes the document covers: the API and the metrics scrape, not the PWA's static files. */
export const documentedRoutes = (routes: readonly RouteEntry[]): RouteEntry[] =>
  routes.filter(
    (r) => (r.url.startsWith('/api/') || r.url === '/metrics') && r.method !== 'HEAD' && r.method !== 'OPTIONS',
  );

/** `/api/kiosks/:id` → `/api/kiosks/{id}`; a `*` wildcard becomes `{wildcard}`. */
export const openapiPath = (url: string): string =>
  url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}').replace(/\*/g, '{wildcard}');

const pathParamNames = (url: string): string[] => [...openapiPath(url).matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);

function accessText(access: RouteAccess | null): string {
  if (!access) return 'undeclared';
  if (access.kind === 'public') return 'public (no token)';
  if (access.kind === 'login') return access.devices ? 'any signed-in person or kiosk' : 'any signed-in person';
  return `permission ${access.keys.map((k) => `\`${k}\``).join(' or ')}`;
}

/** Each property of an object schema as one path or query parameter. */
function parametersOf(schema: v.GenericSchema | undefined, where: 'path' | 'query', names: string[]) {
  const json = schema ? jsonSchemaOf(schema, 'input') : {};
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  const listed = where === 'path' ? names : Object.keys(properties);
  return listed.map((name) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: properties[name] ?? { type: 'string' },
  }));
}

function responsesOf(route: RouteEntry, doc: RouteDoc | null, hasInput: boolean) {
  const status = String(doc?.status ?? 200);
  const produces = doc?.produces ?? 'application/json';
  const schema = doc?.response ? jsonSchemaOf(doc.response, 'output') : {};
  const responses: Record<string, unknown> = {
    [status]: { description: 'Success', content: { [produces]: { schema } } },
  };
  const error = { $ref: '#/components/responses/Error' };
  if (hasInput) responses['400'] = error;
  if (route.access?.kind !== 'public') Object.assign(responses, { 401: error, 403: error });
  if (pathParamNames(route.url).length) responses['404'] = error;
  responses.default = error;
  return responses;
}

function operationOf(route: RouteEntry): Operation {
  const doc = route.doc;
  const names = pathParamNames(route.url);
  const parameters = [...parametersOf(doc?.params, 'path', names), ...parametersOf(doc?.query, 'query', [])];
  const operation: Operation = {
    operationId: `${route.method.toLowerCase()}${route.url}`.replace(/[^A-Za-z0-9]+/g, '_'),
    summary: doc?.summary ?? `${route.method} ${route.url} (not yet described)`,
    description: `Access: ${accessText(route.access)}.`,
    tags: [doc?.tag ?? tagOf(route.url)],
    'x-access': route.access ?? null,
    security: route.access?.kind === 'public' ? [] : [{ bearer: [] }],
  };
  if (!doc) operation['x-undescribed'] = true;
  if (parameters.length) operation.parameters = parameters;
  if (doc?.body) {
    const type = doc.multipart ? 'multipart/form-data' : 'application/json';
    const body = jsonSchemaOf(doc.body, 'input');
    const schema = doc.syncMutations ? withMutationEntries(body) : body;
    operation.requestBody = { required: true, content: { [type]: { schema } } };
  }
  operation.responses = responsesOf(route, doc, Boolean(doc?.body || doc?.query || parameters.length));
  return operation;
}

export function buildDocument(routes: readonly RouteEntry[], version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, Operation>> = {};
  const ids = new Set<string>();
  for (const route of documentedRoutes(routes)) {
    const path = openapiPath(route.url);
    const operation = operationOf(route);
    // `/a-b` and `/a_b` would share an id: ids must be unique in a document.
    let id = operation.operationId as string;
    for (let n = 2; ids.has(id); n++) id = `${operation.operationId as string}_${n}`;
    ids.add(id);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: { ...operation, operationId: id } };
  }
  const used = new Set(Object.values(paths).flatMap((ops) => Object.values(ops).flatMap((o) => o.tags as string[])));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Gatehouse API',
      version,
      description:
        'Every route of this server, generated from the valibot schemas the routes parse. ' +
        'Authenticate with `Authorization: Bearer <access_token>` from POST /api/login.',
    },
    // The groups in reading order (server/openapi/tags.ts), then any a route named itself.
    tags: [...new Set([...TAGS, ...used])].filter((name) => used.has(name)).map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: {
        ...syncMutationSchemas(),
        Error: {
          type: 'object',
          required: ['code', 'message', 'request_id'],
          properties: {
            code: { type: 'string', enum: [...ERROR_CODES] },
            message: { type: 'string', description: "The code's sentence in the caller's language." },
            errors: {
              type: 'object',
              description: 'Per-field messages when the input failed validation.',
              additionalProperties: { type: 'array', items: { type: 'string' } },
            },
            request_id: { type: 'string', description: 'Also in the X-Request-Id header and the logs.' },
          },
        },
      },
      responses: {
        Error: {
          description: 'A failure: a catalogue code, its message and the request id.',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
    },
  };
}
