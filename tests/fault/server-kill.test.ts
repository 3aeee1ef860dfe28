// Fault tests of the sync contract against the real server process (DESIGN "Testing layers" 5):
// the server killed with SIGKILL in the middle of a large push and restarted on the same
// PGlite folder, after which the client finishes; and one batch sent twice at once and again
// afterwards. The totals must come out exact: nothing lost, nothing applied twice.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { mutate } from '../../sync/client';
import type { SyncStatus } from '../../sync/engine';
import type { FetchLike } from '../../sync/http-transport';
import type { PushRequest, PushResponse } from '../../sync/protocol';
import { apiLogin, freePort, startServer, type RunningServer } from '../e2e/support/server';
import { copySeededDataDir } from '../../server/test/db-templates';
import { engineFor, newDevice, nodeFetch, pullEverything, totalsInDataDir, waitFor } from './support/client';

const TOTAL = 3_000;
const BATCH = 100;
/** The push during which the server dies; the batches before it have been applied. */
const KILL_ON_PUSH = 8;
/** How long into that push: a batch of 100 takes a few hundred ms on PGlite, so this lands mid-transaction. */
const KILL_AFTER_MS = 60;

/** A started server that is stopped once, whichever way (a second stop after SIGKILL would wait forever). */
function once(server: RunningServer) {
  let stopping: Promise<void> | null = null;
  return { server, stop: (signal?: NodeJS.Signals) => (stopping ??= server.stop(signal)) };
}

async function seedFacts(url: string, auth: { token: string; userId: string }) {
  const seed = await pullEverything(url, auth);
  const people = [...seed.table('people').keys()];
  const areaId = [...seed.table('areas').keys()][0]!;
  expect(people.length).toBeGreaterThan(3);
  return { people, areaId };
}

describe('sync under server faults', () => {
  it('finishes a push interrupted by SIGKILL after a restart on the same folder: every sign-in exactly once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-fault-'));
    // The folder starts as a seeded cluster (not a first start, which is not what is tested here).
    await copySeededDataDir(dataDir);
    const port = await freePort();
    let current = once(await startServer({ dataDir, port }));
    try {
      const auth = await apiLogin(current.server.url, 'admin@acme.test');
      const { people, areaId } = await seedFacts(current.server.url, auth);

      const device = newDevice(auth.userId);
      const deps = device.deps();
      const eventIds = new Set<string>();
      for (let i = 0; i < TOTAL; i++) {
        const eventId = uuidv7();
        eventIds.add(eventId);
        const r = await mutate(deps, 'visit.signIn', {
          eventId,
          personId: people[i % people.length]!,
          areaId,
          at: Date.now(),
        });
        expect(r.ok).toBe(true);
      }
      expect(device.outbox).toHaveLength(TOTAL);

      const kill: { done: Promise<void> | null; pendingAtKill: number } = { done: null, pendingAtKill: -1 };
      let pushes = 0;
      const fetchWithKill: FetchLike = (url, init) => {
        const response = nodeFetch(url, init);
        if (url.endsWith('/api/sync/push') && ++pushes === KILL_ON_PUSH) {
          kill.pendingAtKill = device.outbox.length;
          const victim = current;
          kill.done = new Promise<void>((r) => setTimeout(r, KILL_AFTER_MS)).then(() => victim.stop('SIGKILL'));
        }
        return response;
      };
      const statuses: SyncStatus[] = [];
      const engine = engineFor(device, {
        baseUrl: () => current.server.url,
        token: auth.token,
        fetch: fetchWithKill,
        batchSize: BATCH,
        backoff: { baseMs: 200, maxMs: 1_000 },
        onStatus: (s) => statuses.push(s),
      });

      void engine.sync();
      await waitFor(() => kill.done !== null, 60_000, `push #${KILL_ON_PUSH}`);
      await kill.done;
      // The server had applied the batches before the one it died in.
      expect(kill.pendingAtKill).toBe(TOTAL - (KILL_ON_PUSH - 1) * BATCH);
      // The engine sees a transient failure and backs off; nothing leaves the outbox.
      await waitFor(() => statuses.some((s) => s.phase === 'waiting'), 15_000, 'the engine to back off');
      expect(device.outbox.length).toBeGreaterThan(0);
      expect(device.outbox.length).toBeLessThanOrEqual(kill.pendingAtKill);

      current = once(await startServer({ dataDir, port }));
      // The kept token still works after the restart; the backoff timer would get there too.
      await engine.sync();
      await waitFor(
        () => engine.getStatus().phase === 'idle' && device.outbox.length === 0,
        60_000,
        'the outbox to drain',
      );
      engine.stop();
      expect(device.outbox).toHaveLength(0);
      expect(device.rejected).toHaveLength(0);
      expect(engine.getStatus()).toMatchObject({ pending: 0, rejected: 0, lastError: null });

      // Through the API: a fresh device pulls every event of this device, each once.
      const check = await pullEverything(current.server.url, auth);
      const mine = [...check.table('visitEvents').values()].filter((e) => e.deviceId === device.id);
      expect(mine).toHaveLength(TOTAL);
      expect(new Set(mine.map((e) => e.id))).toEqual(eventIds);

      // And in the database itself, after a clean stop: events, log entries and seqs all exact.
      await current.stop('SIGTERM');
      expect(await totalsInDataDir(dataDir, device.id)).toEqual({
        events: TOTAL,
        distinctEvents: TOTAL,
        logged: TOTAL,
        distinctSeqs: TOTAL,
        lastSeq: TOTAL,
      });
    } finally {
      await current.stop('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('applies a batch sent twice at once, then twice more, exactly once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-fault-'));
    await copySeededDataDir(dataDir);
    const current = once(await startServer({ dataDir }));
    try {
      const url = current.server.url;
      const auth = await apiLogin(url, 'admin@acme.test');
      const { people, areaId } = await seedFacts(url, auth);
      const deviceId = uuidv7();
      const batch: PushRequest = {
        deviceId,
        mutations: Array.from({ length: 50 }, (_, i) => ({
          seq: i + 1,
          mutationId: uuidv7(),
          name: 'visit.signIn',
          clientTime: Date.now(),
          clockOffsetMs: 0,
          args: { eventId: uuidv7(), personId: people[i % people.length]!, areaId, at: Date.now() },
        })),
      };
      const push = async () => {
        const res = await fetch(`${url}/api/sync/push`, {
          method: 'POST',
          headers: { authorization: `Bearer ${auth.token}`, 'content-type': 'application/json' },
          body: JSON.stringify(batch),
        });
        expect(res.status).toBe(200);
        return (await res.json()) as PushResponse;
      };

      const together = await Promise.all([push(), push()]);
      batch.mutations.forEach((m, i) => {
        const statuses = together.map((r) => r.results[i]!);
        expect(statuses.every((r) => r.mutationId === m.mutationId && r.seq === m.seq)).toBe(true);
        expect(statuses.map((r) => r.status).sort()).toEqual(['applied', 'duplicate']);
      });
      for (let round = 0; round < 2; round++) {
        const again = await push();
        expect(again.results.map((r) => r.status)).toEqual(batch.mutations.map(() => 'duplicate'));
        expect(again.lastSeq).toBe(50);
      }

      const check = await pullEverything(url, auth);
      const mine = [...check.table('visitEvents').values()].filter((e) => e.deviceId === deviceId);
      expect(mine.map((e) => e.id).sort()).toEqual(
        batch.mutations.map((m) => (m.args as { eventId: string }).eventId).sort(),
      );

      await current.stop('SIGTERM');
      expect(await totalsInDataDir(dataDir, deviceId)).toEqual({
        events: 50,
        distinctEvents: 50,
        logged: 50,
        distinctSeqs: 50,
        lastSeq: 50,
      });
    } finally {
      await current.stop('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
