// Which valibot schemas each route parses its body, query and params with, learnt as requests
// run: parseOrThrow notes the schema against the request in progress. The fuzz test
// (server/fuzz.test.ts) reads it to generate bodies for every POST/PUT route, so no route
// has to declare its schema twice.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyRequest, RouteOptions } from 'fastify';
import type * as v from 'valibot';

export type InputPart = 'body' | 'query' | 'params' | 'other';

const current = new AsyncLocalStorage<FastifyRequest>();
/** "METHOD url" → part → schemas seen (bounded: one entry per schema a route uses). */
const seen = new Map<string, Map<InputPart, Set<v.GenericSchema>>>();

/** onRoute: runs the handler with its request in scope so noteSchema can tell which route parsed. */
export function scopeHandler(route: RouteOptions): void {
  const handler = route.handler;
  route.handler = function scoped(this: unknown, request, reply) {
    return current.run(request, () => handler.call(this as never, request, reply));
  };
}

export function noteSchema(schema: v.GenericSchema, input: unknown): void {
  const request = current.getStore();
  if (!request?.routeOptions.url) return;
  const part: InputPart =
    input === request.body ? 'body' : input === request.query ? 'query' : input === request.params ? 'params' : 'other';
  const key = `${request.method} ${request.routeOptions.url}`;
  const parts = seen.get(key) ?? new Map<InputPart, Set<v.GenericSchema>>();
  seen.set(key, parts);
  const set = parts.get(part) ?? new Set();
  parts.set(part, set);
  set.add(schema);
}

/** The schemas a route has been seen parsing its `part` with (empty until it has run). */
export function schemasOf(method: string, url: string, part: InputPart): v.GenericSchema[] {
  return [...(seen.get(`${method} ${url}`)?.get(part) ?? [])];
}
