// Internet scale: every tenant table can be distributed by
// entity_id (Citus) because its primary key, every unique constraint and every foreign key
// between tenant tables include entity_id. A table added later is checked without editing this.
import { expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { eachDatabase } from '../test/databases';
import { rowsOf } from '../test/routes';

interface Constraint {
  table: string;
  name: string;
  kind: 'p' | 'u' | 'f';
  columns: string[];
  foreignTable: string | null;
  foreignColumns: string[] | null;
}

/** Tables keyed by a token's hash: a request is matched to its company by looking the token up,
 * so these stay on the coordinator (a Citus reference-style lookup) — see docs/scale.md. */
const LOOKED_UP_BEFORE_THE_COMPANY_IS_KNOWN = new Set(['auth_tokens', 'kiosk_tokens']);

eachDatabase((get) => {
  it('keys every tenant table, its unique constraints and its tenant foreign keys by entity_id', async () => {
    const db = get().database.db;
    const tenantTables = new Set(
      rowsOf<{ table: string }>(
        await db.execute(sql`
          select table_name as "table" from information_schema.columns
          where table_schema = 'public' and column_name = 'entity_id'`),
      ).map((r) => r.table),
    );
    // The root table itself (entities) has no entity_id: it is what the others are keyed by.
    expect(tenantTables.size).toBeGreaterThan(10);
    const constraints = rowsOf<Constraint>(
      await db.execute(sql`
        select c.conrelid::regclass::text as "table", c.conname as name, c.contype as kind,
          array(select a.attname::text from unnest(c.conkey) k join pg_attribute a
                on a.attrelid = c.conrelid and a.attnum = k) as columns,
          case when c.contype = 'f' then c.confrelid::regclass::text end as "foreignTable",
          case when c.contype = 'f' then array(select a.attname::text from unnest(c.confkey) k join pg_attribute a
                on a.attrelid = c.confrelid and a.attnum = k) end as "foreignColumns"
        from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where n.nspname = 'public' and c.contype in ('p', 'u', 'f')`),
    );
    const unique = (list: string[] | string) =>
      Array.isArray(list) ? list : String(list).replace(/[{}]/g, '').split(',');
    const wrong = constraints
      .filter((c) => tenantTables.has(c.table) && !LOOKED_UP_BEFORE_THE_COMPANY_IS_KNOWN.has(c.table))
      .filter((c) => {
        if (c.kind === 'f' && !tenantTables.has(c.foreignTable!)) return false; // → entities or a global table
        return !unique(c.columns).includes('entity_id');
      })
      .map((c) => `${c.table}.${c.name} (${unique(c.columns).join(', ')})`);
    expect(wrong).toEqual([]);
  });
});
