// Aged presence rows on Dexie, as sync/aged-presence.test.ts checks them on the
// in-memory device: the delete of an aged sign-out takes its person's older rows with it in the
// pull's transaction, and waits whole — holding the sign-out — while the outbox names one of them.
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { v7 as uuidv7 } from 'uuid';
import { afterEach, describe, expect, it } from 'vitest';
import { onSite, type PresenceEvent } from '../../domain/presence';
import type { Change, PullResponse } from '../../sync/protocol';
import { createDb, type GatehouseDb } from '../db/schema';
import { CURRENT_ENTITY_KEY, CURRENT_USER_KEY } from '../db/session-store';
import { DexieOutbox } from './dexie-store';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);
const dbs: GatehouseDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) {
    db.close();
    await Dexie.delete(db.name);
  }
});

async function device() {
  const db = createDb(`t-${uuidv7()}`);
  dbs.push(db);
  await db.meta.bulkPut([
    { key: CURRENT_USER_KEY, value: 'user-1' },
    { key: CURRENT_ENTITY_KEY, value: 'e1' },
  ]);
  return db;
}

const event = (personId: string, kind: 'in' | 'out', at: number) => ({
  id: uuidv7(),
  personId,
  kind,
  areaId: null,
  at,
  journeyFlowId: null,
  userTypeId: null,
  deviceId: null,
  details: null,
});
const put = (e: ReturnType<typeof event>): Change => ({
  table: 'visitEvents',
  id: e.id,
  op: 'put',
  version: 1,
  data: e,
});
const aged = (e: ReturnType<typeof event>): Change => ({ ...put(e), op: 'del' });
const page = (changes: Change[], lastSeq = 0): PullResponse => ({
  changes,
  cursor: 'c1.9~abc',
  hasMore: false,
  lastSeq,
  rejections: [],
  serverTime: NOW,
});
const held = async (db: GatehouseDb) => (await db.visitEvents.toArray()) as unknown as PresenceEvent[];

describe('aged presence rows on Dexie', () => {
  it('drop a person’s older rows with their aged sign-out, and nobody else’s', async () => {
    const db = await device();
    const store = new DexieOutbox(db, () => NOW);
    const [p1, p2] = [uuidv7(), uuidv7()];
    const longAgo = event(p1, 'in', NOW - 21 * DAY);
    const stays = event(p2, 'in', NOW - 21 * DAY);
    const today = event(p1, 'in', NOW);
    await store.applyPull(page([put(longAgo), put(stays)]));
    // A sign-out from last week arrives already aged (never held), and a sign-in of today.
    await store.applyPull(page([aged(event(p1, 'out', NOW - 7 * DAY)), put(today)]));
    expect((await held(db)).map((e) => e.id).sort()).toEqual([stays.id, today.id].sort());
    expect([...onSite(await held(db)).keys()].sort()).toEqual([p1, p2].sort());
  });

  it('hold the aged sign-out while the outbox names an older sign-in, then drop them together', async () => {
    const db = await device();
    const store = new DexieOutbox(db, () => NOW);
    const p1 = uuidv7();
    const signIn = event(p1, 'in', NOW - 21 * DAY);
    const signOut = event(p1, 'out', NOW - 7 * DAY);
    await store.applyPull(page([put(signIn)]));
    await db.outbox.add({
      seq: 1,
      mutationId: uuidv7(),
      name: 'test.namesRow',
      args: { rowId: signIn.id },
      clientTime: NOW,
      clockOffsetMs: 0,
      userId: 'user-1',
    });
    await store.applyPull(page([aged(signOut)]));
    expect((await held(db)).map((e) => e.id).sort()).toEqual([signIn.id, signOut.id].sort());
    expect(onSite(await held(db)).size).toBe(0);
    await store.applyPull(page([], 1));
    expect(await held(db)).toEqual([]);
  });
});
