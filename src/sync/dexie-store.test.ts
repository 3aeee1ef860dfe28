// The outbox on real IndexedDB semantics (fake-indexeddb): atomic with the local change,
// ordered, settled, and re-applied on top of pulls.
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { v7 as uuidv7 } from 'uuid';
import { afterEach, describe, expect, it } from 'vitest';
import { onSite } from '../../domain/presence';
import { mutate, type MutateDeps } from '../../sync/client';
import { SyncEngine } from '../../sync/engine';
import { ModelServer } from '../../sync/testing/model-server';
import { createDb, type GatehouseDb } from '../db/schema';
import { CURRENT_ENTITY_KEY, CURRENT_USER_KEY } from '../db/session-store';
import { DexieOutbox, dexieMutateDeps } from './dexie-store';

const dbs: GatehouseDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) {
    db.close();
    await Dexie.delete(db.name);
  }
});

async function device(userId = 'user-1') {
  const db = createDb(`t-${uuidv7()}`);
  dbs.push(db);
  await db.meta.bulkPut([
    { key: CURRENT_USER_KEY, value: userId },
    { key: CURRENT_ENTITY_KEY, value: 'e1' },
  ]);
  return db;
}

const AREA = uuidv7();
const signIn = (personId = uuidv7(), at = 1) => ({ eventId: uuidv7(), personId, areaId: AREA, at });

describe('recording on Dexie', () => {
  it('gives each mutation the next seq and writes event and outbox together', async () => {
    const db = await device();
    for (let i = 0; i < 3; i++) await mutate(dexieMutateDeps(db), 'visit.signIn', signIn());
    expect((await db.outbox.toArray()).map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(await db.visitEvents.where('pending').equals(1).count()).toBe(3);
  });

  it('leaves no outbox entry when the local write fails', async () => {
    const db = await device();
    const real = dexieMutateDeps(db);
    const failing: MutateDeps = {
      ...real,
      transaction: (fn) =>
        real.transaction(async (tx) => {
          await fn(tx);
          throw new Error('disk full');
        }),
    };
    await expect(mutate(failing, 'visit.signIn', signIn())).rejects.toThrow('disk full');
    expect(await db.outbox.count()).toBe(0);
    expect(await db.visitEvents.count()).toBe(0);
    expect((await db.meta.get('lastSeq'))?.value).toBeUndefined();
  });

  it('leaves no local change when the outbox write fails', async () => {
    const db = await device();
    await db.outbox.add({
      seq: 1,
      mutationId: uuidv7(),
      name: 'visit.signIn',
      args: {},
      clientTime: 0,
      clockOffsetMs: 0,
      userId: 'x',
    });
    await expect(mutate(dexieMutateDeps(db), 'visit.signIn', signIn())).rejects.toThrow();
    expect(await db.visitEvents.count()).toBe(0);
    expect(await db.outbox.count()).toBe(1);
  });
});

describe('settling and pulling', () => {
  it('drops applied entries and keeps rejected ones for a person to see', async () => {
    const db = await device();
    for (let i = 0; i < 3; i++) await mutate(dexieMutateDeps(db), 'visit.signIn', signIn());
    const [a, b, c] = await db.outbox.toArray();
    await new DexieOutbox(db).settle([
      { seq: a!.seq, mutationId: a!.mutationId, status: 'applied' },
      {
        seq: b!.seq,
        mutationId: b!.mutationId,
        status: 'rejected',
        code: 'not_found',
        message: 'We could not find what you asked for.',
      },
      { seq: c!.seq, mutationId: c!.mutationId, status: 'duplicate' },
    ]);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.rejected.toArray()).toMatchObject([{ seq: 2, code: 'not_found' }]);
  });

  it('sends only the logged-in user’s changes and keeps the others for their next login', async () => {
    const db = await device('ana');
    await mutate(dexieMutateDeps(db), 'visit.signIn', signIn());
    await db.meta.put({ key: CURRENT_USER_KEY, value: 'ben' });
    await mutate(dexieMutateDeps(db), 'visit.signIn', signIn());
    expect((await new DexieOutbox(db).peek(10)).map((e) => [e.seq, e.userId])).toEqual([[2, 'ben']]);
  });

  it('converges with a server across two devices, re-applying pending changes over pulls', async () => {
    let t = 1_700_000_000_000;
    const clock = () => t++;
    const server = new ModelServer(clock);
    const [a, b] = [await device(), await device()];
    const person = uuidv7();
    const sched = { now: clock, random: () => 0.5, after: () => () => {} };
    const engine = (db: GatehouseDb) =>
      new SyncEngine({ store: new DexieOutbox(db, clock), transport: server.transport(), scheduler: sched });
    await mutate(dexieMutateDeps(a, clock), 'visit.signIn', signIn(person, 10));
    await engine(a).sync();
    await mutate(dexieMutateDeps(b, clock), 'visit.signOut', { eventId: uuidv7(), personId: person, at: 20 });
    // b pulls a reset snapshot before pushing: its own sign-out must survive on top.
    await new DexieOutbox(b).applyPull({ ...server.pull({ deviceId: 'b', limit: 100 }), reset: true });
    const onSiteOf = async (db: GatehouseDb) => onSite(await db.visitEvents.toArray());
    expect((await onSiteOf(b)).has(person)).toBe(false);
    await engine(b).sync();
    await engine(a).sync();
    expect(await a.outbox.count()).toBe(0);
    expect(await b.outbox.count()).toBe(0);
    expect((await onSiteOf(a)).has(person)).toBe(false);
    expect(await a.visitEvents.count()).toBe(2);
    expect(await a.visitEvents.where('pending').equals(1).count()).toBe(0);
  });
});
