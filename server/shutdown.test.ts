// The real server process stops on SIGTERM with exit code 0 while a browser's socket is joined
// (it used to hang on PostgreSQL until SIGKILL: the pool waited for the socket.io adapter's
// LISTEN connection). Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { io as connect } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../domain/constants';
import { availableKinds } from './test/databases';
import { copyMigratedDataDir } from './test/db-templates';

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

async function withDatabase(kind: string, run: (env: Record<string, string>) => Promise<void>): Promise<void> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-shutdown-'));
    await copyMigratedDataDir(dir); // a migrated cluster: the test is about stopping, not migrating
    try {
      await run({ DATA_DIR: dir });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    return;
  }
  const base = process.env.DATABASE_URL!;
  const name = `gh_stop_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  try {
    await run({ DATABASE_URL: url.toString() });
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

describe.each(availableKinds())('[%s] SIGTERM', (kind) => {
  it('exits with code 0 while a socket is joined', async () => {
    await withDatabase(kind, async (dbEnv) => {
      const port = await freePort();
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: {
          ...process.env,
          ...dbEnv,
          ...(kind === 'pglite' ? { DATABASE_URL: '' } : {}),
          PORT: String(port),
          HOST: '127.0.0.1',
          DIST_DIR: '/nonexistent',
          NODE_ENV: 'test',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
        child.once('exit', (code, signal) => resolve({ code, signal })),
      );
      let output = '';
      await new Promise<void>((resolve, reject) => {
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('Gatehouse listening')) resolve();
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', onData);
        void exited.then(() => reject(new Error(`server exited before listening:\n${output}`)));
      });

      const base = `http://127.0.0.1:${port}`;
      const login = await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@acme.test', password: DEMO_PASSWORD }),
      });
      const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
      const socket = connect(base, { transports: ['websocket'], reconnection: false });
      try {
        expect(await socket.timeout(5000).emitWithAck('join', { token })).toMatchObject({ ok: true });
        child.kill('SIGTERM');
        expect(await exited).toEqual({ code: 0, signal: null });
      } finally {
        socket.close();
        child.kill('SIGKILL');
      }
    });
  }, 180_000);
});
