// The route machinery the walks share (tenancy, permissions, fuzz): every registered /api
// route from the app's onRoute table, and URLs with their path parameters filled in.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { RouteEntry } from '../app';
import type { DatabaseHandle } from '../db/database';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export const apiRoutes = (app: FastifyInstance): RouteEntry[] =>
  app.routeTable.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && r.method !== 'OPTIONS');

export const hasBody = (method: string): boolean => ['POST', 'PUT', 'PATCH'].includes(method);

/** An empty JSON body for the methods that take one, so a route reaches its checks. */
export const withBody = (method: string) => (hasBody(method) ? { payload: {} } : {});

export const pathParams = (url: string): string[] => [...url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);

/** The URL with each `:param` (and `*`) replaced by `value(param)`. */
export function fillPath(url: string, value: string | ((param: string) => string)): string {
  const of = typeof value === 'string' ? () => value : value;
  return url.replace(/:([A-Za-z_]+)/g, (_m, name: string) => of(name)).replace(/\*/g, of('*'));
}

/**
 * Every URL to try for a route: one per candidate id for each id-like parameter (the same id
 * in every slot), fixed values for the rest. Candidates are real rows of the caller's company,
 * so a route answering 404 is judged on its ids, not on an id that does not exist.
 */
export function plausibleUrls(url: string, ids: readonly string[], fixed: Record<string, string>): string[] {
  const params = pathParams(url);
  if (!params.some((p) => !(p in fixed))) return [fillPath(url, (p) => fixed[p] ?? '')];
  return ids.map((id) => fillPath(url, (p) => fixed[p] ?? id));
}

/**
 * One id per tenant table of a company (any table with entity_id and id columns), found from
 * the catalogue, so a table added later gives the walks its ids without editing them.
 */
export async function companyIds(database: DatabaseHandle, entityId: string): Promise<string[]> {
  const tables = await database.db.execute(sql`
    select c1.table_name as name from information_schema.columns c1
    join information_schema.columns c2 on c2.table_name = c1.table_name and c2.table_schema = c1.table_schema and c2.column_name = 'id'
    where c1.table_schema = 'public' and c1.column_name = 'entity_id' order by c1.table_name`);
  const ids: string[] = [entityId];
  for (const { name } of rowsOf<{ name: string }>(tables)) {
    const found = await database.db.execute(
      sql`select id::text as id from ${sql.identifier(name)} where entity_id = ${entityId} order by id limit 1`,
    );
    for (const { id } of rowsOf<{ id: string }>(found)) if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** drizzle's execute answers rows (node-postgres) or { rows } (PGlite). */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
