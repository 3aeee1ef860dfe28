// Kiosk logs and the print list in SQL: the kiosks' log lines in a range of
// kiosk_logs (newest first), and the badge prints among them (code badge_printed, whose data
// names the person and area), with counts per kiosk and day.
import { sql, type SQL } from 'drizzle-orm';
import { BADGE_PRINTED_LOG, type KioskLogRow, type PrintRow } from '../../domain/schemas/more-reports';
import type { Db } from '../db/database';
import type { Bounds } from './reports.repo';

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export interface LogFilter {
  kioskId?: string;
  code?: string;
  /** Exact code (the print list); `code` matches part of it. */
  exactCode?: string;
  /** First prints only: a reprint names its first print in data.reprintOf. */
  firstPrints?: boolean;
}

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function whereOf(entityId: string, b: Bounds, f: LogFilter): SQL {
  const parts: SQL[] = [sql`l.entity_id = ${entityId} and l.at >= ${b.lo} and l.at < ${b.hi}`];
  if (f.kioskId) parts.push(sql`l.kiosk_id = ${f.kioskId}`);
  if (f.code) parts.push(sql`l.code ilike ${like(f.code)}`);
  if (f.exactCode) parts.push(sql`l.code = ${f.exactCode}`);
  if (f.firstPrints) parts.push(sql`not coalesce(l.data ? 'reprintOf', false)`);
  return sql.join(parts, sql` and `);
}

const num = <T extends { at: string | number }>(r: T) => ({ ...r, at: Number(r.at) });

export function kioskLogsRepo(db: Db) {
  return {
    async kioskOwned(entityId: string, kioskId: string) {
      const found = await rows<{ id: string }>(
        db,
        sql`select id from kiosks where entity_id = ${entityId} and id = ${kioskId}`,
      );
      return found.length === 1;
    },

    async kioskList(entityId: string) {
      return rows<{ id: string; kiosk_name: string }>(
        db,
        sql`select id, kiosk_name from kiosks where entity_id = ${entityId} order by lower(kiosk_name), id`,
      );
    },

    async logs(entityId: string, b: Bounds, f: LogFilter, limit: number, offset: number): Promise<KioskLogRow[]> {
      const found = await rows<KioskLogRow>(
        db,
        sql`select l.id, l.kiosk_id, k.kiosk_name, l.kind, l.code, l.data, l.at, u.full_name as person_name,
                   a.name as area_name from kiosk_logs l
            left join kiosks k on k.entity_id = l.entity_id and k.id = l.kiosk_id
            left join users u on u.entity_id = l.entity_id and u.id::text = l.data->>'personId'
            left join areas a on a.entity_id = l.entity_id and a.id::text = l.data->>'areaId'
            where ${whereOf(entityId, b, f)} order by l.at desc, l.id desc limit ${limit} offset ${offset}`,
      );
      return found.map(num);
    },

    async count(entityId: string, b: Bounds, f: LogFilter) {
      const [r] = await rows<{ n: string | number }>(
        db,
        sql`select count(*) as n from kiosk_logs l where ${whereOf(entityId, b, f)}`,
      );
      return Number(r!.n);
    },

    async prints(entityId: string, b: Bounds, kioskId: string | undefined, limit: number, offset: number) {
      const found = await rows<PrintRow>(
        db,
        sql`select l.id, l.kiosk_id, k.kiosk_name, l.kind, l.code, l.data, l.at, u.id as person_id,
                   u.full_name, a.name as area_name, coalesce(r.n, 0)::int as reprints,
                   greatest(l.at, r.last_at) as last_printed_at
            from kiosk_logs l
            left join lateral (select count(*) as n, max(x.at) as last_at from kiosk_logs x
              where x.entity_id = l.entity_id and x.code = ${BADGE_PRINTED_LOG} and x.data->>'reprintOf' = l.id::text) r on true
            left join kiosks k on k.entity_id = l.entity_id and k.id = l.kiosk_id
            left join users u on u.entity_id = l.entity_id and u.id::text = l.data->>'personId'
            left join areas a on a.entity_id = l.entity_id and a.id = k.area_id
            where ${whereOf(entityId, b, { kioskId, exactCode: BADGE_PRINTED_LOG, firstPrints: true })}
            order by l.at desc, l.id desc limit ${limit} offset ${offset}`,
      );
      return found.map((r) => ({ ...num(r), last_printed_at: Number(r.last_printed_at) }));
    },

    /** Prints per kiosk and day (in the time zone). */
    async printsPerDay(entityId: string, b: Bounds, tz: string, kioskId: string | undefined) {
      const found = await rows<{
        kiosk_id: string;
        kiosk_name: string | null;
        day: string;
        n: string | number;
        reprints: string | number;
      }>(
        db,
        sql`select l.kiosk_id, k.kiosk_name,
                   to_char(to_timestamp(l.at / 1000.0) at time zone ${tz}, 'YYYY-MM-DD') as day, count(*) as n,
                   count(*) filter (where l.data ? 'reprintOf') as reprints
            from kiosk_logs l left join kiosks k on k.entity_id = l.entity_id and k.id = l.kiosk_id
            where ${whereOf(entityId, b, { kioskId, exactCode: BADGE_PRINTED_LOG })}
            group by 1, 2, 3 order by 3 desc, 2`,
      );
      return found.map((r) => ({
        kiosk_id: r.kiosk_id,
        kiosk_name: r.kiosk_name,
        day: r.day,
        count: Number(r.n),
        reprints: Number(r.reprints),
      }));
    },

    /** A print of this company (first print or reprint), or undefined. */
    async print(entityId: string, id: string) {
      const [found] = await rows<{ id: string; kiosk_id: string; data: Record<string, unknown> | null }>(
        db,
        sql`select id, kiosk_id, data from kiosk_logs where entity_id = ${entityId} and id = ${id}
            and code = ${BADGE_PRINTED_LOG}`,
      );
      return found;
    },

    async addReprint(
      entityId: string,
      row: { id: string; kioskId: string; data: Record<string, unknown>; at: number },
    ) {
      await db.execute(sql`insert into kiosk_logs (entity_id, id, kiosk_id, kind, code, data, at)
        values (${entityId}, ${row.id}, ${row.kioskId}, 'action', ${BADGE_PRINTED_LOG}, ${JSON.stringify(row.data)}::jsonb, ${row.at})`);
    },
  };
}
