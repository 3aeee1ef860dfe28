// `npm run bench:load` (issue 22): 50 kiosks and 20 admin dashboards against real server
// processes — two instances on one PostgreSQL database, then one instance on PGlite. Kiosks push
// sign-ins and sign-outs in small batches and pull when poked over socket.io; dashboards read the
// logbook every 10 s. Prints push and pull p99, errors, whether the totals are exact, and CPU and
// memory per instance. LOAD_SECONDS (default 300), LOAD_KIOSKS (50), LOAD_DASHBOARDS (20),
// LOAD_SETUPS (default `postgres,pglite`: which of the two setups run), LOAD_SERVER_ARGS (extra
// node flags for the instances), LOAD_DEBUG (print failed pulls). PGLITE_TIMING=1 makes a PGlite
// instance print its lock waits and holds per route when it stops (server/db/pglite-timing.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { v7 as uuidv7 } from 'uuid';
import { DEMO_PASSWORD } from '../domain/constants';
import type { PullResponse, PushResponse } from '../sync/protocol';
import { count, printSection, type Figure, type SectionResult } from './support/report';
import { postgresServerUrl } from './support/target';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 300);
const KIOSKS = Number(process.env.LOAD_KIOSKS ?? 50);
const DASHBOARDS = Number(process.env.LOAD_DASHBOARDS ?? 20);
const PUSH_EVERY_MS = 2_000;
const LOGBOOK_EVERY_MS = 10_000;
const CLOCK_TICKS = 100; // USER_HZ on Linux

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
  const child = spawn(process.execPath, [...extra, '--import', 'tsx', 'server/main.ts'], {
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

  const push: number[] = [];
  const pull: number[] = [];
  const logbook: number[] = [];
  let errors = 0;
  let applied = 0;
  let rejected = 0;
  const deadline = Date.now() + SECONDS * 1000;
  const sockets: Socket[] = [];

  const kiosk = async (k: number) => {
    const url = instances[k % instances.length]!.url;
    const deviceId = uuidv7();
    let seq = 0;
    let cursor: string | undefined;
    let pulling = false;
    const pullNow = async () => {
      if (pulling) return;
      pulling = true;
      try {
        for (let more = true; more;) {
          const qs = new URLSearchParams({ deviceId, limit: '500', ...(cursor ? { cursor } : {}) });
          const t = performance.now();
          const res = await fetch(`${url}/api/sync/pull?${qs}`, { headers: auth });
          if (!res.ok) {
            errors++;
            if (process.env.LOAD_DEBUG) console.error('pull', res.status, await res.text());
            break;
          }
          const body = (await res.json()) as PullResponse;
          pull.push(performance.now() - t);
          cursor = body.cursor;
          more = body.hasMore;
        }
      } catch {
        errors++;
      } finally {
        pulling = false;
      }
    };
    await pullNow(); // caught up before the measured period, as a kiosk in service is
    const socket = connect(url, { transports: ['websocket'], reconnection: true });
    sockets.push(socket);
    socket.on('poke', () => void pullNow());
    socket.emit('join', { token });
    await new Promise((r) => setTimeout(r, Math.random() * PUSH_EVERY_MS));
    while (Date.now() < deadline) {
      const batch = Array.from({ length: 1 + Math.floor(Math.random() * 3) }, () => {
        const at = Date.now();
        const personId = people[Math.floor(Math.random() * people.length)]!;
        return {
          seq: ++seq,
          mutationId: uuidv7(),
          name: Math.random() < 0.5 ? 'visit.signIn' : 'visit.signOut',
          clientTime: at,
          clockOffsetMs: 0,
          args: { eventId: uuidv7(), personId, areaId: area, at },
        };
      });
      const t = performance.now();
      try {
        const res = await fetch(`${url}/api/sync/push`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ deviceId, mutations: batch }),
        });
        if (!res.ok) errors++;
        else {
          push.push(performance.now() - t);
          for (const r of ((await res.json()) as PushResponse).results)
            if (r.status === 'applied') applied++;
            else if (r.status === 'rejected') rejected++;
        }
      } catch {
        errors++;
      }
      await new Promise((r) => setTimeout(r, PUSH_EVERY_MS * (0.5 + Math.random())));
    }
  };

  const dashboard = async (d: number) => {
    const url = instances[d % instances.length]!.url;
    await new Promise((r) => setTimeout(r, Math.random() * LOGBOOK_EVERY_MS));
    while (Date.now() < deadline) {
      const t = performance.now();
      const res = await fetch(`${url}/api/dashboard/logbook?limit=10`, { headers: auth }).catch(() => null);
      if (!res?.ok) errors++;
      else {
        await res.arrayBuffer();
        logbook.push(performance.now() - t);
      }
      await new Promise((r) => setTimeout(r, LOGBOOK_EVERY_MS));
    }
  };

  await Promise.all([
    ...Array.from({ length: KIOSKS }, (_, k) => kiosk(k)),
    ...Array.from({ length: DASHBOARDS }, (_, d) => dashboard(d)),
  ]);
  for (const s of sockets) s.close();
  const added = (await countEvents()) - before;
  return { push, pull, logbook, errors, applied, rejected, added };
}

function report(label: string, instances: Instance[], r: Awaited<ReturnType<typeof drive>>): SectionResult {
  const ms = (x: number) => `${x.toFixed(0)} ms`;
  const figures: Figure[] = [
    { label: 'push p99', value: ms(percentile(r.push, 99)), target: '≤ 500 ms', met: percentile(r.push, 99) <= 500 },
    { label: '    push p50 / count', value: `${ms(percentile(r.push, 50))} / ${count(r.push.length)}` },
    { label: 'pull p99', value: ms(percentile(r.pull, 99)), target: '≤ 300 ms', met: percentile(r.pull, 99) <= 300 },
    { label: '    pull p50 / count', value: `${ms(percentile(r.pull, 50))} / ${count(r.pull.length)}` },
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
      'Kiosks push 1–3 sign-ins/outs every 1–3 s and pull on each poke; dashboards read the logbook every 10 s.',
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
    instances.push(await start(18_301, { DATABASE_URL: url.toString() })); // migrates and seeds
    instances.push(await start(18_302, { DATABASE_URL: url.toString() }));
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
  const instance = await start(18_303, { DATA_DIR: dataDir, DATABASE_URL: '' });
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
