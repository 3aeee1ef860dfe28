// Runs a suite against every available real database: PGlite in memory always, and a fresh
// PostgreSQL database (created from DATABASE_URL's server, dropped afterwards) when set.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe } from 'vitest';
import { openDatabase, type DatabaseHandle, type DbKind } from '../db/database';
import { createFromTemplate, pgliteTemplate, postgresTemplate } from './db-templates';
import { guardRootHandle, rootHandleViolations } from './root-guard';

export interface DatabaseFixture {
  database: DatabaseHandle;
  kind: DbKind;
  url?: string;
}

async function createPostgresDatabase(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `gh_t_${randomBytes(6).toString('hex')}`;
  const template = await postgresTemplate(baseUrl);
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await createFromTemplate(admin, name, template);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export function availableKinds(): DbKind[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** Defines one describe block per database kind; `get()` is valid inside tests and hooks. */
export function eachDatabase(define: (get: () => DatabaseFixture, kind: DbKind) => void): void {
  onDatabases(availableKinds(), define);
}

/**
 * For the walks of the HTTP layer (every route with every caller, garbage bodies, another
 * company's ids): what they test is the routes' permission keys, validation and scoping, which
 * no database changes; they run once, on PostgreSQL when DATABASE_URL is set, else on PGlite.
 * The SQL those routes run is tested on both databases by each feature's own suite.
 */
export function oneDatabase(define: (get: () => DatabaseFixture, kind: DbKind) => void): void {
  onDatabases([availableKinds().at(-1)!], define);
}

function onDatabases(kinds: DbKind[], define: (get: () => DatabaseFixture, kind: DbKind) => void): void {
  for (const kind of kinds) {
    describe(`[${kind}]`, () => {
      let fixture: DatabaseFixture | undefined;
      let drop: (() => Promise<void>) | undefined;
      beforeAll(async () => {
        if (kind === 'postgres') {
          const created = await createPostgresDatabase(process.env.DATABASE_URL!);
          drop = created.drop;
          fixture = {
            database: guardRootHandle(await openDatabase({ databaseUrl: created.url })),
            kind,
            url: created.url,
          };
        } else {
          fixture = { database: guardRootHandle(await openDatabase({ loadDataDir: await pgliteTemplate() })), kind };
        }
        await fixture.database.migrate();
      });
      // The app answers a misuse with a 500; fail the test with the real cause as well.
      afterEach(() => {
        const seen = rootHandleViolations.splice(0);
        if (seen.length) throw seen[0];
      });
      afterAll(async () => {
        await fixture?.database.close();
        await drop?.();
      });
      define(() => {
        if (!fixture) throw new Error('database not ready: use get() inside tests or hooks');
        return fixture;
      }, kind);
    });
  }
}
