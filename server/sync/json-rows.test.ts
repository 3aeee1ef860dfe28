// insertJsonRows stores exactly what drizzle's insert of the same rows stores: the
// push's audit log and change feed read back the same after the switch to one jsonb parameter.
import { and, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { expect, it } from 'vitest';
import { entities } from '../db/schema/entities';
import { mutationLog, syncChanges } from '../db/schema/sync';
import { eachDatabase } from '../test/databases';
import { executeJsonInsert, insertJsonRows } from './json-rows';

eachDatabase((get) => {
  it('stores the same audit rows as a drizzle insert, and answers returning and on conflict', async () => {
    const db = get().database.db;
    const entityId = uuidv7();
    await db
      .insert(entities)
      .values({ id: entityId, name: 'Json rows', subdomain: `json-${entityId.slice(-8)}`, createdAt: new Date() });
    const deviceId = uuidv7();
    const userId = uuidv7();
    const receivedAt = new Date('2026-11-27T10:11:12.345Z');
    const shapes = [
      { name: 'visit.signIn', args: { personId: uuidv7(), details: { note: 'ok', n: [1, 2.5, null] } }, code: null },
      { name: 'visit.sign\uD800In', args: null, code: 'validation_failed' },
      { name: 'x', args: 'a string', code: 'not_found' },
    ];
    const rowsFor = (seq0: number) =>
      shapes.map((s, i) => ({
        entityId,
        mutationId: uuidv7(),
        deviceId,
        seq: seq0 + i,
        userId,
        name: s.name,
        args: s.args as object | null,
        status: s.code ? ('rejected' as const) : ('applied' as const),
        code: s.code,
        clientTime: 1_795_817_318_866 + i,
        clockOffsetMs: -i,
        receivedAt,
      }));
    await db.insert(mutationLog).values(rowsFor(1));
    await db.execute(insertJsonRows(mutationLog, rowsFor(101)));
    const stored = await db
      .select()
      .from(mutationLog)
      .where(eq(mutationLog.entityId, entityId))
      .orderBy(mutationLog.seq);
    const comparable = stored.map(({ mutationId: _m, seq: _s, ...rest }) => rest);
    expect(comparable).toHaveLength(6);
    expect(comparable.slice(3)).toEqual(comparable.slice(0, 3));
    expect(comparable[1]!.name).toBe('visit.sign\uFFFDIn');
    expect(comparable[0]!.receivedAt.toISOString()).toBe(receivedAt.toISOString());

    // The change feed's upsert: a second write of the same record replaces it; returning answers.
    const change = (seq: number, data: Record<string, unknown> | null) => ({
      entityId,
      tbl: 'visitEvents',
      rowId: deviceId,
      seq,
      op: data ? ('put' as const) : ('del' as const),
      version: 1,
      data,
    });
    const upsert = sql`on conflict (entity_id, tbl, row_id) do update set seq = excluded.seq, op = excluded.op,
      data = excluded.data returning seq`;
    expect(await executeJsonInsert(db, insertJsonRows(syncChanges, [change(1, { at: 5 })], upsert))).toHaveLength(1);
    await db.execute(insertJsonRows(syncChanges, [change(2, null)], upsert));
    const [feed] = await db
      .select()
      .from(syncChanges)
      .where(and(eq(syncChanges.entityId, entityId), eq(syncChanges.rowId, deviceId)));
    expect(feed).toMatchObject({ seq: 2, op: 'del', data: null });
  });
});
