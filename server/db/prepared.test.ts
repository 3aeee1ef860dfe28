// executePrepared answers exactly what db.execute answers for the same statement, on
// both databases, whatever the values: quotes, backslashes, non-Latin text, dates, booleans,
// nulls; values that cannot travel as a literal (arrays, objects, NUL) take the plain path.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { eachDatabase } from '../test/databases';
import { arrayParam } from './array-param';
import { executePrepared } from './prepared';

const statement = (text: string | null, n: number, flag: boolean, at: Date) =>
  sql`select ${text}::text as text, ${n}::int + 1 as next, not ${flag}::boolean as flipped,
    (${at.toISOString()}::timestamptz + interval '1 day') as later, length(${text}::text) as len`;

eachDatabase((get) => {
  it('answers what the plain statement answers, for awkward values too', async () => {
    const db = get().database.db;
    const at = new Date('2026-11-28T04:05:06.789Z');
    const values: Array<string | null> = [
      "it's",
      "'; drop table entities; --",
      "back\\slash \\' and \\x41",
      'العربية — español ñ',
      '$1 $$ dollar',
      '',
      null,
    ];
    for (const [i, text] of values.entries()) {
      const plain = ((await db.execute(statement(text, i, i % 2 === 0, at))) as unknown as { rows: unknown[] }).rows;
      // Twice: the second run executes the statement prepared by the first.
      expect(await executePrepared(db, statement(text, i, i % 2 === 0, at))).toEqual(plain);
      expect(await executePrepared(db, statement(text, i, i % 2 === 0, at))).toEqual(plain);
    }
  });

  it('prepares a statement once on PGlite and runs the rest as they are', async () => {
    const { database, kind } = get();
    const db = database.db;
    const count = async () =>
      (
        (await db.execute(sql`select count(*)::int as n from pg_prepared_statements`)) as unknown as {
          rows: Array<{ n: number }>;
        }
      ).rows[0]!.n;
    const before = await count();
    const probe = (v: string) => sql`select ${v}::text || '-probe' as v`;
    expect(await executePrepared(db, probe('a'))).toEqual([{ v: 'a-probe' }]);
    expect(await executePrepared(db, probe('b'))).toEqual([{ v: 'b-probe' }]);
    // An array is no literal of one form for every type: it takes the plain path.
    expect(await executePrepared(db, sql`select array_length(${arrayParam(['x', "y'"])}::text[], 1) as n`)).toEqual([
      { n: 2 },
    ]);
    expect(await count()).toBe(kind === 'pglite' ? before + 1 : before);
  });
});
