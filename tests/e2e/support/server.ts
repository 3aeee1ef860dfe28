// Starts the real server (as `npm start` does, on the built PWA) on a free port with its own
// embedded database folder, and stops it. One per test file.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD } from '../../../domain/constants';
import { copySeededDataDir } from '../../../server/test/db-templates';
import { SERVER_BUNDLE_ENV } from './server-bundle-env';

export interface RunningServer {
  url: string;
  port: number;
  /** The server process (a fault test freezes it with SIGSTOP). */
  pid: number;
  dataDir: string;
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export async function startServer(
  options: { dataDir?: string; port?: number; env?: Record<string, string> } = {},
): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'gatehouse-e2e-'));
  // A fresh folder starts from an already migrated and seeded cluster (most of a start's cost).
  if (!options.dataDir) await copySeededDataDir(dataDir);
  let log = '';
  // The run's server bundle (./server-bundle.ts) when there is one; the source under tsx otherwise.
  const bundle = process.env[SERVER_BUNDLE_ENV];
  const child: ChildProcess = spawn(process.execPath, bundle ? [bundle] : ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  // A wait, not a speed check: `npm test` runs two end-to-end files beside the server tests, so a
  // start may queue behind them (120 s by default; E2E_START_MS for a busier machine).
  const deadline = Date.now() + Number(process.env.E2E_START_MS || 120_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited early:\n${log}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start in time:\n${log}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    pid: child.pid ?? 0,
    dataDir,
    output: () => log,
    stop: async (signal = 'SIGTERM') => {
      // A process killed by a signal keeps exitCode null: check signalCode too.
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill(signal);
        await exited;
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Logs in through the API (not the login screen), for a test to set up what a person then sees. */
export async function apiLogin(
  baseUrl: string,
  email = 'admin@acme.test',
  password = DEMO_PASSWORD,
): Promise<{ token: string; userId: string; entityId: string }> {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as {
    data?: { access_token: string; user: { id: string; entity: { id: string } } };
    message?: string;
  };
  if (res.status !== 200 || !body.data) throw new Error(`login ${email}: ${res.status} ${body.message ?? ''}`);
  return { token: body.data.access_token, userId: body.data.user.id, entityId: body.data.user.entity.id };
}
