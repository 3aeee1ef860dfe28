// A benchmark target: a migrated, demo-seeded database (PGlite in a temp folder, or a fresh
// PostgreSQL database) behind the real Fastify app listening on a local port.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { DEMO_PASSWORD } from '../../domain/constants';
import { buildApp } from '../../server/app';
import { openDatabase, type DatabaseHandle, type DbKind } from '../../server/db/database';
import { seedDemo } from '../../server/seed/demo';

export interface BenchTarget {
  kind: DbKind;
  database: DatabaseHandle;
  app: FastifyInstance;
  /** http://127.0.0.1:<port>; serves dist/ too when it has been built. */
  url: string;
  /** Logs in over HTTP; returns the user's id and bearer token. */
  login(email: string, password?: string): Promise<{ token: string; userId: string }>;
  close(): Promise<void>;
}

const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

/** BENCH_DATABASE_URL, or the local PostgreSQL when it answers; BENCH_POSTGRES=0 skips it. */
export async function postgresServerUrl(): Promise<string | null> {
  if (process.env.BENCH_POSTGRES === '0') return null;
  const url = process.env.BENCH_DATABASE_URL || LOCAL_POSTGRES;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return url;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function databaseExists(serverUrl: string, name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  } finally {
    await client.end();
  }
}

async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export async function openTarget(
  kind: DbKind,
  postgresUrl?: string,
  options: { durable?: boolean; keepDatabase?: string } = {},
): Promise<BenchTarget> {
  const cleanups: Array<() => Promise<void>> = [];
  let database: DatabaseHandle;
  // keepDatabase: a named PostgreSQL database kept between runs (created, migrated and seeded
  // once), so a benchmark can reuse a data set that takes minutes to build. It is not migrated
  // again: drop it (dropdb) after a schema change.
  const keep = kind === 'postgres' && options.keepDatabase ? options.keepDatabase : null;
  if (keep && !/^[a-z_][a-z0-9_]*$/.test(keep)) throw new Error(`bad database name ${keep}`);
  let kept = false;
  if (kind === 'postgres') {
    if (!postgresUrl) throw new Error('no PostgreSQL server URL');
    const name = keep ?? `gh_bench_${randomBytes(6).toString('hex')}`;
    if (keep) kept = await databaseExists(postgresUrl, keep);
    if (!kept) await adminQuery(postgresUrl, `CREATE DATABASE ${name}`);
    if (!keep) cleanups.push(() => adminQuery(postgresUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: url.toString() });
  } else {
    const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    database = await openDatabase({ dataDir, durable: options.durable });
  }
  cleanups.push(() => database.close());
  const now = () => Date.now();
  if (!kept) {
    await database.migrate();
    await seedDemo(database.db, { now, production: false });
  }

  // DIST_DIR serves another build (as server/main.ts does), so parallel builds do not collide.
  const dist = resolve(process.env.DIST_DIR || 'dist');
  const app = await buildApp({ database, now, staticDir: existsSync(join(dist, 'index.html')) ? dist : undefined });
  cleanups.push(() => app.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const url = `http://127.0.0.1:${port}`;

  return {
    kind,
    database,
    app,
    url,
    async login(email, password = DEMO_PASSWORD) {
      const res = await fetch(`${url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      const body = (await res.json()) as { data?: { access_token: string; user: { id: string } }; message?: string };
      if (res.status !== 200 || !body.data) throw new Error(`login ${email}: ${res.status} ${body.message ?? ''}`);
      return { token: body.data.access_token, userId: body.data.user.id };
    },
    async close() {
      for (const cleanup of cleanups.reverse()) await cleanup();
    },
  };
}
