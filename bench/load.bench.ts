// `npm run bench:load`: 50 kiosks and 20 admin dashboards against real server
// processes — two instances on one PostgreSQL database, then one instance on PGlite. Kiosks push
// sign-ins and sign-outs in small batches and pull when poked over socket.io; dashboards read the
// logbook every 10 s. Prints push and pull p99, errors, whether the totals are exact, and CPU and
// memory per instance. LOAD_SECONDS (default 300), LOAD_KIOSKS (50), LOAD_DASHBOARDS (20),
// LOAD_SETUPS (default `postgres,pglite`: which of the two setups run), LOAD_SERVER_ARGS (extra
// node flags for the instances), LOAD_SERVER_DIR (another checkout to run them from), LOAD_PORT
// (first port, 18301), LOAD_DEBUG (print failed requests). PGLITE_TIMING=1 makes a PGlite
// instance print its lock waits and holds per route when it stops (server/db/pglite-timing.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { v7 as uuidv7 } from 'uuid';
import { DEMO_PASSWORD } from '../domain/constants';
import type { PullResponse } from '../sync/protocol';
import { SyncEngine } from '../sync/engine';
import { realScheduler, syncOnce, transportFor } from './support/device';
import { LoadDevice, timedTransport, type LoadMeter } from './support/load-device';
import { count, printSection, type Figure, type SectionResult } from './support/report';
import { postgresServerUrl } from './support/target';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 300);
const KIOSKS = Number(process.env.LOAD_KIOSKS ?? 50);
const DASHBOARDS = Number(process.env.LOAD_DASHBOARDS ?? 20);
const PUSH_EVERY_MS = 2_000;
const LOGBOOK_EVERY_MS = 10_000;
const PULL_INTERVAL_MS = 30_000; // the sync worker's (workers/sync.worker.ts)
const CLOCK_TICKS = 100; // USER_HZ on Linux
/** LOAD_PORT: the first of the three ports the instances listen on (18301). */
const PORT = Number(process.env.LOAD_PORT ?? 18_301);

interface Instance {
  url: string;
  child: ChildProcess;
  cpuStart: number;
}

const cpuTicks = (pid: number): number => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]); // utime + stime
};
const memory = (pid: number, key: 'VmRSS' | 'VmHWM'): number =>
  Number(new RegExp(`${key}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function start(port: number, env: Record<string, string>): Promise<Instance> {
  // LOAD_SERVER_ARGS: extra node flags for the instances (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
  const extra = (process.env.LOAD_SERVER_ARGS ?? '').split(' ').filter(Boolean);
  // LOAD_SERVER_DIR: run the instances from another checkout (e.g. a worktree of the previous
  // commit), to compare server code under the same driver.
  const child = spawn(process.execPath, [...extra, '--import', 'tsx', 'server/main.ts'], {
    cwd: process.env.LOAD_SERVER_DIR || undefined,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: '', LOG_LEVEL: 'error' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    const ready = await fetch(`${url}/api/ready`).catch(() => null);
    if (ready?.ok) return { url, child, cpuStart: cpuTicks(child.pid!) };
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGKILL');
  throw new Error(`instance on ${port} did not become ready`);
}

async function stop(instance: Instance): Promise<void> {
  const exited = new Promise((resolve) => instance.child.once('exit', resolve));
  instance.child.kill('SIGTERM');
  await exited;
}

const percentile = (values: number[], p: number): number => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

async function login(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  return ((await res.json()) as { data: { access_token: string } }).data.access_token;
}

async function drive(instances: Instance[], countEvents: () => Promise<number>) {
  const [first] = instances;
  const token = await login(first!.url, 'admin@acme.test');
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const seed = (await (
    await fetch(`${first!.url}/api/sync/pull?deviceId=${uuidv7()}&limit=5000`, { headers: auth })
  ).json()) as PullResponse;
  const people = seed.changes.filter((c) => c.table === 'people').map((c) => c.id);
  const area = seed.changes.find((c) => c.table === 'areas')!.id;
  const before = await countEvents();

  const meter: LoadMeter = { push: [], pull: [], errors: 0, applied: 0, rejected: 0, measuring: false };
  const logbook: number[] = [];
  const deadline = Date.now() + SECONDS * 1000;
  const sockets: Socket[] = [];

  // Each kiosk is the real SyncEngine, as the sync worker runs it (workers/sync.worker.ts): a tap
  // queues mutations and starts a run (push, then pull); a poke starts a run; a run asked for
  // while one is in flight makes one more run after it, never one per poke.
  const devices = await Promise.all(
    Array.from({ length: KIOSKS }, async (_, k) => {
      const url = instances[k % instances.length]!.url;
      const device = new LoadDevice(uuidv7(), 'load');
      const transport = timedTransport(transportFor(url, token), meter, Boolean(process.env.LOAD_DEBUG));
      const engine = new SyncEngine({
        store: device,
        transport,
        scheduler: realScheduler,
        pullLimit: 500,
        pullIntervalMs: PULL_INTERVAL_MS,
      });
      await syncOnce(engine); // caught up before the measured period, as a kiosk in service is
      return { url, device, engine };
    }),
  );
  meter.measuring = true;

  const kiosk = async ({ url, device, engine }: (typeof devices)[number]) => {
    const socket = connect(url, { transports: ['websocket'], reconnection: true });
    sockets.push(socket);
    socket.on('poke', () => void engine.sync());
    socket.emit('join', { token });
    await new Promise((r) => setTimeout(r, Math.random() * PUSH_EVERY_MS));
    while (Date.now() < deadline) {
      device.record(
        Array.from({ length: 1 + Math.floor(Math.random() * 3) }, () => {
          const at = Date.now();
          const personId = people[Math.floor(Math.random() * people.length)]!;
          return {
            mutationId: uuidv7(),
            name: Math.random() < 0.5 ? 'visit.signIn' : 'visit.signOut',
            clientTime: at,
            clockOffsetMs: 0,
            args: { eventId: uuidv7(), personId, areaId: area, at },
          };
        }),
      );
      void engine.sync();
      await new Promise((r) => setTimeout(r, PUSH_EVERY_MS * (0.5 + Math.random())));
    }
    // What is still queued goes before the totals are counted.
    socket.off('poke');
    for (let tries = 0; device.outbox.length && tries < 10; tries++) {
      await engine.sync();
      if (device.outbox.length) await new Promise((r) => setTimeout(r, 1_000));
    }
    engine.stop();
  };

  const dashboard = async (d: number) => {
    const url = instances[d % instances.length]!.url;
    await new Promise((r) => setTimeout(r, Math.random() * LOGBOOK_EVERY_MS));
    while (Date.now() < deadline) {
      const t = performance.now();
      const res = await fetch(`${url}/api/dashboard/logbook?limit=10`, { headers: auth }).catch(() => null);
      if (!res?.ok) meter.errors++;
      else {
        await res.arrayBuffer();
        logbook.push(performance.now() - t);
      }
      await new Promise((r) => setTimeout(r, LOGBOOK_EVERY_MS));
    }
  };

  await Promise.all([...devices.map((d) => kiosk(d)), ...Array.from({ length: DASHBOARDS }, (_, d) => dashboard(d))]);
  for (const s of sockets) s.close();
  const added = (await countEvents()) - before;
  const { push, pull, errors, applied, rejected } = meter;
  return { push, pull, logbook, errors, applied, rejected, added };
}

function report(label: string, instances: Instance[], r: Awaited<ReturnType<typeof drive>>): SectionResult {
  const ms = (x: number) => `${x.toFixed(0)} ms`;
  const figures: Figure[] = [
    { label: 'push p99', value: ms(percentile(r.push, 99)), target: '≤ 500 ms', met: percentile(r.push, 99) <= 500 },
    { label: '    push p50 / count', value: `${ms(percentile(r.push, 50))} / ${count(r.push.length)}` },
    { label: 'pull p99', value: ms(percentile(r.pull, 99)), target: '≤ 300 ms', met: percentile(r.pull, 99) <= 300 },
    {
      label: '    pull p50 / count',
      value: `${ms(percentile(r.pull, 50))} / ${count(r.pull.length)}`,
      note: `${(r.pull.length / SECONDS).toFixed(0)} pulls/s`,
    },
    {
      label: 'logbook p99 (dashboards)',
      value: ms(percentile(r.logbook, 99)),
      note: `${count(r.logbook.length)} reads`,
    },
    { label: 'errors', value: count(r.errors), target: '0', met: r.errors === 0 },
    {
      label: 'exact totals: new events = applied',
      value: `${count(r.added)} = ${count(r.applied)}`,
      target: 'equal, 0 rejected',
      met: r.added === r.applied && r.rejected === 0,
    },
  ];
  instances.forEach((instance, i) => {
    const pid = instance.child.pid!;
    const cpu = (cpuTicks(pid) - instance.cpuStart) / CLOCK_TICKS;
    figures.push({
      label: `instance ${i + 1}: CPU, memory`,
      value: `${(cpu / SECONDS).toFixed(2)} cores`,
      note: `RSS ${memory(pid, 'VmRSS').toFixed(0)} MB, peak ${memory(pid, 'VmHWM').toFixed(0)} MB`,
    });
  });
  return {
    title: `load: ${KIOSKS} kiosks + ${DASHBOARDS} dashboards for ${SECONDS} s — ${label}`,
    figures,
    notes: [
      'Each kiosk is the real SyncEngine: it queues 1–3 sign-ins/outs every 1–3 s and syncs (push, then pull); a poke',
      'starts a sync, one asked for during a sync makes one more after it. Dashboards read the logbook every 10 s.',
      'The driver runs on the same 2-core machine as the instances and the database.',
    ],
  };
}

async function onPostgres(serverUrl: string): Promise<SectionResult> {
  const name = `gh_load_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const instances: Instance[] = [];
  const db = new pg.Client({ connectionString: url.toString() });
  try {
    instances.push(await start(PORT, { DATABASE_URL: url.toString() })); // migrates and seeds
    instances.push(await start(PORT + 1, { DATABASE_URL: url.toString() }));
    await db.connect();
    const result = await drive(instances, async () =>
      Number((await db.query('select count(*)::int as n from visit_events')).rows[0].n),
    );
    return report('two instances, PostgreSQL', instances, result);
  } finally {
    await db.end().catch(() => undefined);
    for (const i of instances) await stop(i);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function onPglite(): Promise<SectionResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-load-'));
  const instance = await start(PORT + 2, { DATA_DIR: dataDir, DATABASE_URL: '' });
  try {
    // The folder belongs to the running server; totals are read through the server's own pull.
    let cursor: string | undefined;
    const deviceId = uuidv7();
    let events = 0;
    const token = await login(instance.url, 'admin@acme.test');
    const countEvents = async () => {
      for (let more = true; more;) {
        const qs = new URLSearchParams({ deviceId, limit: '5000', ...(cursor ? { cursor } : {}) });
        const body = (await (
          await fetch(`${instance.url}/api/sync/pull?${qs}`, { headers: { authorization: `Bearer ${token}` } })
        ).json()) as PullResponse;
        events += body.changes.filter((c) => c.table === 'visitEvents' && c.op !== 'del').length;
        cursor = body.cursor;
        more = body.hasMore;
      }
      return events;
    };
    return report('one instance, PGlite', [instance], await drive([instance], countEvents));
  } finally {
    await stop(instance);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const SETUPS = (process.env.LOAD_SETUPS ?? 'postgres,pglite').split(',').map((s) => s.trim());
const started = performance.now();
if (SETUPS.includes('postgres')) {
  const postgres = await postgresServerUrl();
  if (postgres) printSection(await onPostgres(postgres));
  else console.log('PostgreSQL not reachable: the two-instance run is skipped');
}
if (SETUPS.includes('pglite')) printSection(await onPglite());
console.log(`load benchmark done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
process.exit(0);
