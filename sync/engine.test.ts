import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { v7 as uuidv7 } from 'uuid';
import { onSite, type PresenceEvent } from '../domain/presence';
import { backoffDelay } from './backoff';
import { mutate } from './client';
import {
  DEFAULT_REQUEST_TIMEOUT_MS,
  SyncEngine,
  type Scheduler,
  type SyncStatus,
  type Transport,
  type TransportResult,
} from './engine';
import { MemoryDevice } from './memory-store';
import { ModelServer } from './testing/model-server';

const AREA = uuidv7();
const scheduler = (now: () => number): Scheduler => ({ now, random: () => 0.5, after: () => () => {} });

function setup(n = 1) {
  let t = 1_700_000_000_000;
  const clock = () => t++;
  const server = new ModelServer(clock);
  const devices = Array.from({ length: n }, () => new MemoryDevice(uuidv7(), uuidv7(), uuidv7, clock));
  return { server, devices, clock };
}

/** Lets every pending promise of the in-memory device and server settle (no timers involved). */
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const eventsOf = (d: MemoryDevice): PresenceEvent[] =>
  [...d.table('visitEvents').values()] as unknown as PresenceEvent[];

describe('recording a mutation', () => {
  it('writes the local change and the outbox entry together, with seq +1', async () => {
    const {
      devices: [d],
    } = setup();
    const person = uuidv7();
    const r1 = await mutate(d!.deps(), 'visit.signIn', { eventId: uuidv7(), personId: person, areaId: AREA, at: 1 });
    const r2 = await mutate(d!.deps(), 'visit.signOut', { eventId: uuidv7(), personId: person, at: 2 });
    expect([r1.ok && r1.seq, r2.ok && r2.seq]).toEqual([1, 2]);
    expect(d!.outbox.map((e) => e.name)).toEqual(['visit.signIn', 'visit.signOut']);
    expect(d!.table('visitEvents').size).toBe(2);
  });

  it('undoes the whole transaction when the local write fails', async () => {
    const {
      devices: [d],
    } = setup();
    await mutate(d!.deps(), 'visit.signIn', { eventId: uuidv7(), personId: uuidv7(), areaId: AREA, at: 1 });
    const real = d!.deps();
    const failing = {
      ...real,
      transaction: <T>(fn: (tx: Parameters<Parameters<typeof real.transaction>[0]>[0]) => Promise<T>) =>
        real.transaction(async (tx) => {
          await fn(tx);
          throw new Error('disk full');
        }),
    };
    await expect(
      mutate(failing, 'visit.signIn', { eventId: uuidv7(), personId: uuidv7(), areaId: AREA, at: 2 }),
    ).rejects.toThrow('disk full');
    expect(d!.outbox.map((e) => e.seq)).toEqual([1]);
    expect(d!.table('visitEvents').size).toBe(1);
    const next = await mutate(d!.deps(), 'visit.signIn', {
      eventId: uuidv7(),
      personId: uuidv7(),
      areaId: AREA,
      at: 3,
    });
    expect(next.ok && next.seq).toBe(2);
  });

  it('refuses bad arguments with field errors and writes nothing', async () => {
    const {
      devices: [d],
    } = setup();
    const r = await mutate(d!.deps(), 'visit.signIn', { eventId: 'nope', personId: uuidv7(), areaId: AREA, at: -5 });
    expect(r.ok).toBe(false);
    expect(!r.ok && Object.keys(r.errors).sort()).toEqual(['at', 'eventId']);
    expect(d!.outbox).toHaveLength(0);
    expect(d!.table('visitEvents').size).toBe(0);
  });
});

describe('the engine', () => {
  it('drains in batches and the server applies each mutation once', async () => {
    const {
      server,
      devices: [d],
      clock,
    } = setup();
    for (let i = 0; i < 25; i++)
      await mutate(d!.deps(), 'visit.signIn', { eventId: uuidv7(), personId: uuidv7(), areaId: AREA, at: i });
    const engine = new SyncEngine({
      store: d!,
      transport: server.transport(),
      scheduler: scheduler(clock),
      batchSize: 10,
    });
    await engine.sync();
    expect(server.applied).toBe(25);
    expect(engine.getStatus()).toMatchObject({ phase: 'idle', pending: 0, rejected: 0 });
  });

  it('never lets a rejection block the entries behind it', async () => {
    const {
      server,
      devices: [d],
      clock,
    } = setup();
    await mutate(d!.deps(), 'visit.signIn', { eventId: uuidv7(), personId: uuidv7(), areaId: AREA, at: 1 });
    d!.outbox.push({ ...d!.outbox[0]!, seq: 2, mutationId: uuidv7(), name: 'visit.teleport' });
    await mutate(d!.deps(), 'visit.signIn', { eventId: uuidv7(), personId: uuidv7(), areaId: AREA, at: 3 });
    d!.outbox[2]!.seq = 3;
    const engine = new SyncEngine({ store: d!, transport: server.transport(), scheduler: scheduler(clock) });
    await engine.sync();
    expect(server.applied).toBe(2);
    expect(d!.rejected.map((r) => [r.seq, r.code])).toEqual([[2, 'validation_failed']]);
    expect(engine.getStatus()).toMatchObject({ pending: 0, rejected: 1 });
  });

  it('a restarted engine still says when the device last synced, while it syncs and when it fails', async () => {
    const {
      devices: [d],
      clock,
    } = setup();
    const seen: SyncStatus[] = [];
    const offline: Transport = {
      push: () => Promise.resolve({ ok: false, kind: 'transient', message: 'offline' }),
      pull: () => Promise.resolve({ ok: false, kind: 'transient', message: 'offline' }),
    };
    const engine = new SyncEngine({
      store: d!,
      transport: offline,
      scheduler: scheduler(clock),
      lastSyncAt: 1_600_000_000_000,
      onStatus: (s) => seen.push({ ...s }),
    });
    await engine.sync();
    expect(seen.some((s) => s.phase === 'syncing')).toBe(true);
    expect(seen.map((s) => s.lastSyncAt)).toEqual(seen.map(() => 1_600_000_000_000));
    const fresh = new SyncEngine({ store: d!, transport: offline, scheduler: scheduler(clock) });
    expect(fresh.getStatus().lastSyncAt).toBeNull();
  });

  it('keeps the outbox on 401 and replays it after a new login', async () => {
    const {
      server,
      devices: [d],
      clock,
    } = setup();
    await mutate(d!.deps(), 'visit.signIn', { eventId: uuidv7(), personId: uuidv7(), areaId: AREA, at: 1 });
    let authed = false;
    const real = server.transport();
    const transport: Transport = {
      push: (b) => (authed ? real.push(b) : Promise.resolve({ ok: false, kind: 'auth', status: 401 })),
      pull: (q) => (authed ? real.pull(q) : Promise.resolve({ ok: false, kind: 'auth', status: 401 })),
    };
    const engine = new SyncEngine({ store: d!, transport, scheduler: scheduler(clock) });
    await engine.sync();
    expect(engine.getStatus()).toMatchObject({ phase: 'needs-login', pending: 1 });
    authed = true;
    engine.resume();
    await engine.sync();
    expect(engine.getStatus()).toMatchObject({ phase: 'idle', pending: 0 });
    expect(server.applied).toBe(1);
  });

  it('schedules a retry with backoff after a transient failure', async () => {
    const {
      server,
      devices: [d],
      clock,
    } = setup();
    await mutate(d!.deps(), 'visit.signIn', { eventId: uuidv7(), personId: uuidv7(), areaId: AREA, at: 1 });
    const timers: number[] = [];
    const engine = new SyncEngine({
      store: d!,
      transport: server.transport(() => 'before'),
      scheduler: { now: clock, random: () => 1, after: (ms) => (timers.push(ms), () => {}) },
      backoff: { baseMs: 1000, maxMs: 8000 },
    });
    for (let i = 0; i < 5; i++) await engine.sync();
    // Each request also arms its own timeout; the retries are the rest.
    expect(timers.filter((ms) => ms !== DEFAULT_REQUEST_TIMEOUT_MS)).toEqual([1000, 2000, 4000, 8000, 8000]);
    expect(engine.getStatus()).toMatchObject({ phase: 'waiting', pending: 1 });
  });

  it('moves the one entry a server refuses with 400 to needs attention and sends the rest', async () => {
    const {
      server,
      devices: [d],
      clock,
    } = setup();
    for (let i = 0; i < 7; i++)
      await mutate(d!.deps(), 'visit.signIn', { eventId: uuidv7(), personId: uuidv7(), areaId: AREA, at: i });
    d!.outbox[4]!.clientTime = Number.MAX_VALUE; // an envelope an older server refuses as a whole
    const real = server.transport();
    const transport: Transport = {
      push: (b) =>
        b.mutations.some((m) => m.clientTime === Number.MAX_VALUE)
          ? Promise.resolve({
              ok: false,
              kind: 'fatal',
              status: 400,
              code: 'validation_failed',
              message: 'Some fields need your attention.',
            })
          : real.push(b),
      pull: real.pull,
    };
    const engine = new SyncEngine({ store: d!, transport, scheduler: scheduler(clock), batchSize: 4 });
    await engine.sync();
    expect(server.applied).toBe(6);
    expect(d!.rejected.map((r) => [r.seq, r.code, r.message])).toEqual([
      [5, 'validation_failed', 'Some fields need your attention.'],
    ]);
    expect(engine.getStatus()).toMatchObject({ phase: 'idle', pending: 0, rejected: 1 });
  });

  // The fault test "network cut mid-push" under load: the server applied a push, its answer never
  // came (the connection died with the network), and the network came back while the engine
  // still waited on it. Every later sync (the online event, pokes, timers) joined that wait.
  it('starts again when the network returns while a push whose answer was lost is still waiting', async () => {
    const {
      server,
      devices: [d],
      clock,
    } = setup();
    for (let i = 0; i < 3; i++)
      await mutate(d!.deps(), 'visit.signIn', { eventId: uuidv7(), personId: uuidv7(), areaId: AREA, at: i });
    const real = server.transport();
    let pushes = 0;
    const transport: Transport = {
      push: async (b) => {
        if (pushes++ > 0) return real.push(b);
        await real.push(b); // applied on the server…
        return new Promise<TransportResult<never>>(() => {}); // …and no answer, ever
      },
      pull: real.pull,
    };
    const engine = new SyncEngine({ store: d!, transport, scheduler: scheduler(clock) });
    void engine.sync();
    await flush();
    engine.setOnline(false);
    engine.setOnline(true);
    await flush();
    expect(server.applied).toBe(3);
    expect(d!.outbox).toHaveLength(0);
    expect(engine.getStatus()).toMatchObject({ phase: 'idle', pending: 0 });
  });

  it('gives up on a request that never answers and retries it', async () => {
    const {
      server,
      devices: [d],
      clock,
    } = setup();
    await mutate(d!.deps(), 'visit.signIn', { eventId: uuidv7(), personId: uuidv7(), areaId: AREA, at: 1 });
    const real = server.transport();
    let pushes = 0;
    const transport: Transport = {
      push: (b) => (pushes++ === 0 ? new Promise(() => {}) : real.push(b)),
      pull: real.pull,
    };
    const timers: Array<{ ms: number; fn: () => void }> = [];
    const engine = new SyncEngine({
      store: d!,
      transport,
      scheduler: { now: clock, random: () => 0, after: (ms, fn) => (timers.push({ ms, fn }), () => {}) },
    });
    void engine.sync();
    await flush();
    timers.find((t) => t.ms === DEFAULT_REQUEST_TIMEOUT_MS)!.fn();
    await flush();
    expect(engine.getStatus()).toMatchObject({ phase: 'waiting', lastError: 'request timed out', pending: 1 });
    timers.at(-1)!.fn(); // the backoff retry
    await flush();
    expect(engine.getStatus()).toMatchObject({ phase: 'idle', pending: 0 });
    expect(server.applied).toBe(1);
  });

  it('confirms entries from the pull when a push response was lost', async () => {
    const {
      server,
      devices: [d],
      clock,
    } = setup();
    await mutate(d!.deps(), 'visit.signIn', { eventId: uuidv7(), personId: uuidv7(), areaId: AREA, at: 1 });
    let calls = 0;
    const engine = new SyncEngine({
      store: d!,
      transport: server.transport(() => (calls++ === 0 ? 'after' : 'none')),
      scheduler: scheduler(clock),
    });
    await engine.sync(); // push applied on the server, the answer lost
    await engine.sync();
    expect(server.applied).toBe(1);
    expect(d!.outbox).toHaveLength(0);
  });

  it('re-applies pending changes on top of a pull', async () => {
    const {
      server,
      devices: [a, b],
      clock,
    } = setup(2);
    const p = uuidv7();
    await mutate(a!.deps(), 'visit.signIn', { eventId: uuidv7(), personId: p, areaId: AREA, at: 10 });
    await new SyncEngine({ store: a!, transport: server.transport(), scheduler: scheduler(clock) }).sync();
    await mutate(b!.deps(), 'visit.signOut', { eventId: uuidv7(), personId: p, at: 20 });
    // b pulls before its sign-out is pushed: it gets a's sign-in and keeps its own sign-out on top.
    // A reset drops every local row first, so the sign-out survives only by being re-applied.
    await b!.applyPull({ ...server.pull({ deviceId: b!.id, limit: 100 }), reset: true });
    expect(b!.outbox).toHaveLength(1);
    expect(eventsOf(b!)).toHaveLength(2);
    expect(onSite(eventsOf(b!)).has(p)).toBe(false);
  });

  it('treats a local storage failure as transient and keeps everything', async () => {
    const {
      server,
      devices: [d],
      clock,
    } = setup();
    await mutate(d!.deps(), 'visit.signIn', { eventId: uuidv7(), personId: uuidv7(), areaId: AREA, at: 1 });
    const timers: number[] = [];
    const broken = Object.assign(Object.create(d!), {
      peek: async () => {
        throw new Error('DatabaseClosedError');
      },
    });
    const engine = new SyncEngine({
      store: broken,
      transport: server.transport(),
      scheduler: { now: clock, random: () => 0, after: (ms) => (timers.push(ms), () => {}) },
    });
    await engine.sync();
    expect(engine.getStatus()).toMatchObject({ phase: 'waiting', lastError: 'DatabaseClosedError' });
    expect(timers).toHaveLength(1);
    expect(d!.outbox).toHaveLength(1);
    await new SyncEngine({ store: d!, transport: server.transport(), scheduler: scheduler(clock) }).sync();
    expect(server.applied).toBe(1);
  });

  it('asks for the next page while storing one, and a failed store starts again from the stored cursor', async () => {
    const {
      server,
      devices: [writer, reader],
      clock,
    } = setup(2);
    for (let i = 0; i < 5; i++)
      await mutate(writer!.deps(), 'visit.signIn', { eventId: uuidv7(), personId: uuidv7(), areaId: AREA, at: i });
    await new SyncEngine({ store: writer!, transport: server.transport(), scheduler: scheduler(clock) }).sync();
    const real = server.transport();
    const order: string[] = [];
    let failOn = 2;
    let stored = 0;
    const store = Object.assign(Object.create(reader!), {
      applyPull: async (page: Parameters<MemoryDevice['applyPull']>[0]) => {
        order.push('store');
        await flush();
        if (++stored === failOn) throw new Error('QuotaExceededError');
        return reader!.applyPull(page);
      },
    });
    const transport: Transport = {
      ...real,
      pull: (query) => (order.push(`ask ${query.cursor ?? 'start'}`), real.pull(query)),
    };
    const engine = new SyncEngine({ store, transport, scheduler: scheduler(clock), pullLimit: 2 });
    await engine.sync();
    // Page 2 was asked for before page 1 was stored; storing page 2 failed, so nothing after it was kept.
    expect(order.slice(0, 3)).toEqual(['ask start', expect.stringMatching(/^ask /), 'store']);
    expect(engine.getStatus()).toMatchObject({ phase: 'waiting', lastError: 'QuotaExceededError' });
    expect(eventsOf(reader!)).toHaveLength(2);
    const kept = await reader!.cursor();
    expect(kept).toBeDefined();
    failOn = 0;
    order.length = 0;
    await engine.sync();
    // The next run starts from page 1's cursor and ends with every event exactly once.
    expect(order[0]).toBe(`ask ${kept}`);
    expect(
      eventsOf(reader!)
        .map((e) => e.id)
        .sort(),
    ).toEqual(
      eventsOf(writer!)
        .map((e) => e.id)
        .sort(),
    );
  });

  it('computes backoff with jitter between half and all of the ceiling', () => {
    fc.assert(
      fc.property(fc.nat(20), fc.double({ min: 0, max: 1, noNaN: true }), (attempt, r) => {
        const d = backoffDelay(attempt, () => r, { baseMs: 500, maxMs: 30_000 });
        const ceiling = Math.min(30_000, 500 * 2 ** attempt);
        expect(d).toBeGreaterThanOrEqual(Math.floor(ceiling / 2));
        expect(d).toBeLessThanOrEqual(ceiling);
      }),
    );
  });
});

describe('convergence (property)', () => {
  const action = fc.record({
    device: fc.nat(3),
    person: fc.nat(5),
    kind: fc.constantFrom<'in' | 'out'>('in', 'out'),
    at: fc.integer({ min: 0, max: 50 }),
  });
  const step = fc.oneof(
    action.map((a) => ({ type: 'act' as const, ...a })),
    fc.record({
      type: fc.constant('sync' as const),
      device: fc.nat(3),
      fault: fc.constantFrom('none', 'before', 'after') as fc.Arbitrary<'none' | 'before' | 'after'>,
    }),
  );

  it('any interleaving, duplication and reordering across devices derives the same on-site state everywhere', async () => {
    const people = Array.from({ length: 6 }, () => uuidv7());
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 60 }), async (steps) => {
        const { server, devices, clock } = setup(4);
        const recorded: PresenceEvent[] = [];
        for (const s of steps) {
          const d = devices[s.device]!;
          if (s.type === 'act') {
            const eventId = uuidv7();
            const args = { eventId, personId: people[s.person]!, areaId: AREA, at: s.at };
            await mutate(d.deps(), s.kind === 'in' ? 'visit.signIn' : 'visit.signOut', args);
            recorded.push({
              id: eventId,
              personId: args.personId,
              kind: s.kind,
              areaId: s.kind === 'in' ? AREA : '',
              at: s.at,
            });
          } else {
            let first = true;
            const transport = server.transport(() => (first ? ((first = false), s.fault) : 'none'));
            await new SyncEngine({ store: d, transport, scheduler: scheduler(clock) }).sync();
          }
        }
        for (const d of devices)
          await new SyncEngine({ store: d, transport: server.transport(), scheduler: scheduler(clock) }).sync();
        for (const d of devices)
          await new SyncEngine({ store: d, transport: server.transport(), scheduler: scheduler(clock) }).sync();
        const expected = [...onSite(recorded).values()].map((o) => o.personId).sort();
        expect([...onSite(server.events.values()).keys()].sort()).toEqual(expected);
        expect(server.events.size).toBe(recorded.length);
        for (const d of devices) {
          expect(d.outbox).toHaveLength(0);
          expect([...onSite(eventsOf(d)).keys()].sort()).toEqual(expected);
        }
      }),
      { numRuns: 150 },
    );
  });
});
