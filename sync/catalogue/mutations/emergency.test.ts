import { describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { groupSessions } from '../../../domain/emergency-sessions';
import { rollCallStatuses, type RollCallMark } from '../../../domain/emergency';
import { mutate, reapplyPending } from '../../client';
import { MemoryDevice } from '../../memory-store';
import type { SessionInfo } from '../../../domain/emergency-sessions';

const SITE = uuidv7();

describe('emergency mutations on a device', () => {
  it('records a start, marks naming their warden and device, and an end, each with an outbox entry', async () => {
    const d = new MemoryDevice(uuidv7(), uuidv7(), uuidv7, () => 1_000);
    const sessionId = uuidv7();
    const person = uuidv7();
    await mutate(d.deps(), 'emergency.start', { sessionId, name: 'Fire', siteIds: [SITE], at: 1_000 });
    await mutate(d.deps(), 'emergency.mark', {
      markId: uuidv7(),
      sessionId,
      personId: person,
      status: 'safe',
      at: 1_100,
    });
    await mutate(d.deps(), 'emergency.end', { sessionId, at: 2_000 });
    expect(d.outbox.map((e) => e.name)).toEqual(['emergency.start', 'emergency.mark', 'emergency.end']);
    const session = d.table('emergencySessions').get(sessionId)!;
    expect(session).toMatchObject({ startedBy: d.userId, endedAt: 2_000, endedAtBefore: null });
    expect(groupSessions([session as unknown as SessionInfo])[0]!.endedAt).toBe(2_000);
    const marks = [...d.table('rollCallMarks').values()] as unknown as RollCallMark[];
    expect(marks[0]).toMatchObject({ markedBy: d.userId, deviceId: d.id, settles: false });
    expect(rollCallStatuses(marks).get(person)?.status).toBe('safe');
  });

  it('refuses a mark with an unknown status or a missing session id, and writes nothing', async () => {
    const d = new MemoryDevice(uuidv7(), uuidv7(), uuidv7, () => 1_000);
    const r = await mutate(d.deps(), 'emergency.mark', {
      markId: uuidv7(),
      sessionId: 'x',
      personId: uuidv7(),
      status: 'unaccounted' as 'safe',
      at: 1,
    });
    expect(r.ok).toBe(false);
    expect(!r.ok && Object.keys(r.errors).sort()).toEqual(['sessionId', 'status']);
    expect(d.outbox).toHaveLength(0);
  });

  it('re-applies pending marks after a pull with the same warden and device', async () => {
    const d = new MemoryDevice(uuidv7(), uuidv7(), uuidv7, () => 1_000);
    const sessionId = uuidv7();
    await mutate(d.deps(), 'emergency.mark', {
      markId: uuidv7(),
      sessionId,
      personId: uuidv7(),
      status: 'missing',
      at: 5,
    });
    const before = [...d.table('rollCallMarks').values()];
    d.table('rollCallMarks').clear();
    await reapplyPending(
      {
        get: async (t, id) => d.table(t).get(id) as never,
        put: async (t, row) => void d.table(t).set(row.id, row),
        byIndex: async () => [],
      },
      d.outbox,
      d.id,
    );
    expect([...d.table('rollCallMarks').values()]).toEqual(before);
  });
});
