// The emergency tables as a warden's device shows them: a start, end or roll-call mark the
// server refused never shows as if it had happened, and a refused end puts the session back.
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb, type GatehouseDb, type RejectedRow } from '../../../db/schema';
import { marksTable, refusedByServer, sessionsTable, toMarks, toSessions, type SessionRow } from './local-data';

const dbs: GatehouseDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) {
    db.close();
    await Dexie.delete(db.name);
  }
});

let seq = 0;
const rejected = (name: string, args: unknown, patch: Partial<RejectedRow> = {}): RejectedRow => ({
  seq: ++seq,
  mutationId: `m${seq}`,
  name,
  args,
  clientTime: 0,
  clockOffsetMs: 0,
  userId: 'warden',
  code: 'forbidden',
  message: 'Refused',
  rejectedAt: 0,
  ...patch,
});

async function device(refusals: RejectedRow[]) {
  const db = createDb(`emergency-${crypto.randomUUID()}`);
  dbs.push(db);
  await db.rejected.bulkPut(refusals);
  return db;
}

const session = (id: string, patch: Partial<SessionRow> = {}): SessionRow => ({
  id,
  name: 'Fire drill',
  siteIds: ['s1'],
  startedAt: 1000,
  startedBy: 'warden',
  endedAt: null,
  endedBy: null,
  ...patch,
});

describe('the emergency data on the device', () => {
  it('hides a session whose start the server refused, and keeps the others', async () => {
    const db = await device([rejected('emergency.start', { sessionId: 'refused' }), rejected('visits.signIn', {})]);
    await sessionsTable(db).bulkPut([session('refused', { pending: 1 }), session('ok')]);
    const sessions = toSessions(await sessionsTable(db).toArray(), await refusedByServer(db));
    expect(sessions.map((s) => s.id)).toEqual(['ok']);
    expect(sessions[0]).toMatchObject({ pending: false, endRefused: null, siteIds: ['s1'] });
  });

  it('shows a session open again, with the server’s message, when its end was refused', async () => {
    const db = await device([rejected('emergency.end', {}, { mutationId: 'end-1', message: 'Not allowed to end' })]);
    await sessionsTable(db).put(
      session('s', { endedAt: 5000, endedBy: 'me', endMutationId: 'end-1', endedAtBefore: null, endedByBefore: null }),
    );
    const [s] = toSessions(await sessionsTable(db).toArray(), await refusedByServer(db));
    expect(s).toMatchObject({ endedAt: null, endedBy: null, endRefused: 'Not allowed to end' });
  });

  it('shows an end still waiting to be sent as ended and pending', async () => {
    const db = await device([]);
    await sessionsTable(db).put(session('s', { endedAt: 5000, endedBy: 'me', endMutationId: 'end-2', pending: 1 }));
    const [s] = toSessions(await sessionsTable(db).toArray(), await refusedByServer(db));
    expect(s).toMatchObject({ endedAt: 5000, endedBy: 'me', pending: true, endRefused: null });
  });

  it('drops a refused roll-call mark and keeps the rest, with their pending state', async () => {
    const db = await device([rejected('emergency.mark', { markId: 'bad' })]);
    const mark = (id: string, pending?: number) => ({
      id,
      sessionId: 's',
      personId: `p-${id}`,
      status: 'safe',
      at: 2000,
      pending,
    });
    await marksTable(db).bulkPut([mark('bad', 1), mark('sent'), mark('waiting', 1)] as never);
    const marks = toMarks(await marksTable(db).toArray(), await refusedByServer(db));
    expect(marks.map((m) => [m.id, m.pending])).toEqual([
      ['sent', false],
      ['waiting', true],
    ]);
    expect(marks[0]).toMatchObject({ markedBy: null, deviceId: null, settles: false, status: 'safe' });
  });
});
