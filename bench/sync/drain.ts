// Draining 10,000 queued sign-ins through the engine in batches, the same
// count replayed one request per mutation (as Workbox Background Sync would), and the
// server's ingest floor: the same number of events inserted directly in one transaction.
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { DEFAULT_PUSH_BATCH } from '../../sync/protocol';
import { visitEvents } from '../../server/db/schema/visits';
import type { Db } from '../../server/db/database';
import { engineFor, meteredTransport, newDevice, queueingDeps, syncOnce, transportFor } from '../support/device';
import { count, perSecond, ratio, seconds, timed, type Figure } from '../support/report';
import { countOf } from '../support/sql';
import { openTarget, type BenchTarget } from '../support/target';
import { acmeWithPeople, queueSignIns, type AcmeFacts } from './fixtures';
import type { SyncSection } from './sections';

const N = Number(process.env.BENCH_DRAIN_N ?? 10_000);
const EXTRA_PEOPLE = 200;
const NAIVE_SAMPLE = Math.min(N, Number(process.env.BENCH_NAIVE_SAMPLE ?? 1_000));
/** The one-request-per-mutation replay runs in full only if the sample says it will fit. */
const NAIVE_BUDGET_MS = Number(process.env.BENCH_NAIVE_BUDGET_S ?? 60) * 1000;
const DIRECT_CHUNK = 1_000;

const eventsOf = (db: Db, entityId: string) =>
  countOf(db, sql`select count(*)::int as n from visit_events where entity_id = ${entityId}`);

async function batched(target: BenchTarget, facts: AcmeFacts, admin: { token: string; userId: string }) {
  const db = target.database.db;
  const device = newDevice(admin.userId);
  const { transport, meter } = meteredTransport(transportFor(target.url, admin.token));
  const engine = engineFor(device, transport);
  await syncOnce(engine); // a kiosk in service has caught up before it goes offline
  const queued = await timed(() => queueSignIns(queueingDeps(device), facts, N));
  const before = await eventsOf(db, facts.entityId);
  const pulledBefore = meter.rowsPulled;
  const pushesBefore = meter.pushes;
  const start = performance.now();
  await syncOnce(engine);
  const totalMs = performance.now() - start;
  const pushMs = meter.lastPushAt - start;
  engine.stop();
  const added = (await eventsOf(db, facts.entityId)) - before;
  return {
    totalMs,
    pushMs,
    added,
    queueMs: queued.ms,
    pushes: meter.pushes - pushesBefore,
    pulledBack: meter.rowsPulled - pulledBefore,
    outbox: device.outbox.length,
    rejected: device.rejected.length,
  };
}

async function naive(target: BenchTarget, facts: AcmeFacts, admin: { token: string; userId: string }) {
  const db = target.database.db;
  const device = newDevice(admin.userId);
  await queueSignIns(queueingDeps(device), facts, N);
  const transport = transportFor(target.url, admin.token);
  const entries = [...device.outbox];
  const before = await eventsOf(db, facts.entityId);
  const start = performance.now();
  let sent = 0;
  let sampleMs = 0;
  for (const e of entries) {
    const res = await transport.push({
      deviceId: device.id,
      mutations: [
        {
          seq: e.seq,
          mutationId: e.mutationId,
          name: e.name,
          args: e.args,
          clientTime: e.clientTime,
          clockOffsetMs: e.clockOffsetMs,
        },
      ],
    });
    if (!res.ok) throw new Error(`naive push failed: ${res.kind} ${res.status ?? ''} ${res.message ?? ''}`);
    await device.settle(res.body.results);
    sent++;
    if (sent === NAIVE_SAMPLE) {
      sampleMs = performance.now() - start;
      if ((sampleMs * N) / NAIVE_SAMPLE > NAIVE_BUDGET_MS) break;
    }
  }
  const elapsed = performance.now() - start;
  const added = (await eventsOf(db, facts.entityId)) - before;
  const full = sent === N;
  return { ms: full ? elapsed : (sampleMs * N) / sent, measuredMs: elapsed, sent, added, full };
}

async function direct(target: BenchTarget, facts: AcmeFacts, adminId: string) {
  const db = target.database.db;
  const deviceId = uuidv7();
  const receivedAt = new Date();
  const t0 = Date.now();
  const rows = Array.from({ length: N }, (_, i) => ({
    entityId: facts.entityId,
    id: uuidv7(),
    personId: facts.people[i % facts.people.length]!,
    kind: 'in' as const,
    areaId: facts.areaId,
    journeyFlowId: null,
    userTypeId: null,
    at: t0 + i,
    deviceId,
    mutationId: uuidv7(),
    recordedBy: adminId,
    receivedAt,
  }));
  const before = await eventsOf(db, facts.entityId);
  const { ms } = await timed(() =>
    db.transaction(async (tx) => {
      for (let i = 0; i < rows.length; i += DIRECT_CHUNK)
        await tx.insert(visitEvents).values(rows.slice(i, i + DIRECT_CHUNK));
    }),
  );
  const added = (await eventsOf(db, facts.entityId)) - before;
  return { ms, added };
}

export const drainSection: SyncSection = {
  name: 'drain',
  databases: 'each',
  async run(target) {
    const db = target.database.db;
    const facts = await acmeWithPeople(db, EXTRA_PEOPLE);
    const admin = await target.login('admin@acme.test');
    const onPglite = target.kind === 'pglite';

    const b = await batched(target, facts, admin);
    const n = await naive(target, facts, admin);
    const d = await direct(target, facts, admin.userId);

    const naiveRatio = n.ms / b.pushMs;
    const directRatio = b.pushMs / d.ms;
    const figures: Figure[] = [
      {
        label: `(a) batched drain, sync() total`,
        value: seconds(b.totalMs),
        ...(onPglite ? { target: '≤ 15 s', met: b.totalMs <= 15_000 } : {}),
        note: `push ${count(N)} in ${count(b.pushes)} requests of ≤ ${DEFAULT_PUSH_BATCH}, then pull ${count(b.pulledBack)} rows back`,
      },
      { label: '    push phase', value: seconds(b.pushMs), note: 'first request to last push answer' },
      { label: '    mutations/s (sync() total)', value: perSecond(N, b.totalMs) },
      { label: '    mutations/s (push phase)', value: perSecond(N, b.pushMs) },
      { label: '    new visit_events rows (SQL)', value: count(b.added), target: `= ${count(N)}`, met: b.added === N },
      {
        label: '    outbox left / rejected',
        value: `${b.outbox} / ${b.rejected}`,
        target: '0 / 0',
        met: b.outbox === 0 && b.rejected === 0,
      },
      {
        label: '(b) naive replay, 1 request per mutation',
        value: seconds(n.ms),
        note: n.full
          ? `all ${count(N)} sent`
          : `EXTRAPOLATED from the first ${count(n.sent)} (${seconds(n.measuredMs)}) to ${count(N)}`,
      },
      { label: '    mutations/s', value: perSecond(n.sent, n.measuredMs) },
      {
        label: '    new visit_events rows (SQL)',
        value: count(n.added),
        target: `= ${count(n.sent)} sent`,
        met: n.added === n.sent,
      },
      { label: '    naive / batched push phase', value: ratio(naiveRatio), target: '≥ 10×', met: naiveRatio >= 10 },
      { label: '(c) direct INSERT, 1,000-row chunks, 1 tx', value: seconds(d.ms), note: `${count(d.added)} rows` },
      { label: '    batched push phase / direct', value: ratio(directRatio), target: '≤ 3×', met: directRatio <= 3 },
    ];
    return {
      title: `sync drain of ${count(N)} sign-ins over HTTP — ${target.kind}`,
      figures,
      notes: [
        `${count(facts.people.length)} acme people (${EXTRA_PEOPLE} added by SQL), one area; the device had caught up (pulled) before queueing.`,
        `Queueing ${count(N)} with mutate() took ${seconds(b.queueMs)} (not timed above).`,
        `Ratios against sync() total instead of the push phase: naive ${ratio(n.ms / b.totalMs)}, push/direct ${ratio(b.totalMs / d.ms)}.`,
      ],
    };
  },
};

/** What flushing every commit to disk costs PGlite, both drains in the same run. */
export const durabilitySection: SyncSection = {
  name: 'durability',
  databases: 'pglite',
  async run(target) {
    const durableDrain = async (t: BenchTarget) => {
      const facts = await acmeWithPeople(t.database.db, EXTRA_PEOPLE);
      return batched(t, facts, await t.login('admin@acme.test'));
    };
    const relaxedTarget = await openTarget('pglite', undefined, { durable: false });
    const relaxed = await durableDrain(relaxedTarget).finally(() => relaxedTarget.close());
    const durable = await durableDrain(target);
    return {
      title: `PGlite drain of ${count(N)} sign-ins, fsync off (before) and on (after)`,
      figures: [
        { label: 'fsync off (PGlite default, before)', value: seconds(relaxed.totalMs) },
        {
          label: 'fsync on, WAL flushed per commit (now)',
          value: seconds(durable.totalMs),
          target: '≤ 5 s',
          met: durable.totalMs <= 5_000,
        },
        { label: '    durable / relaxed', value: ratio(durable.totalMs / relaxed.totalMs) },
        {
          label: '    rows added (durable)',
          value: count(durable.added),
          target: `= ${count(N)}`,
          met: durable.added === N,
        },
      ],
      notes: ['Both on a fresh folder in the temp dir of this machine; the durable one is what the server runs.'],
    };
  },
};
