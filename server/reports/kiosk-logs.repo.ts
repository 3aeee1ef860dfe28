// Kiosk logs and the print list (issue 16) in SQL: the kiosks' log lines in a range of
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
}

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function whereOf(entityId: string, b: Bounds, f: LogFilter): SQL {
  const parts: SQL[] = [sql`l.entity_id = ${entityId} and l.at >= ${b.lo} and l.at < ${b.hi}`];
  if (f.kioskId) parts.push(sql`l.kiosk_id = ${f.kioskId}`);
  if (f.code) parts.push(sql`l.code ilike ${like(f.code)}`);
  if (f.exactCode) parts.push(sql`l.code = ${f.exactCode}`);
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
        sql`select l.id, l.kiosk_id, k.kiosk_name, l.kind, l.code, l.data, l.at from kiosk_logs l
            left join kiosks k on k.entity_id = l.entity_id and k.id = l.kiosk_id
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
                   u.full_name, a.name as area_name
            from kiosk_logs l
            left join kiosks k on k.entity_id = l.entity_id and k.id = l.kiosk_id
            left join users u on u.entity_id = l.entity_id and u.id::text = l.data->>'personId'
            left join areas a on a.entity_id = l.entity_id and a.id = k.area_id
            where ${whereOf(entityId, b, { kioskId, exactCode: BADGE_PRINTED_LOG })}
            order by l.at desc, l.id desc limit ${limit} offset ${offset}`,
      );
      return found.map(num);
    },

    /** Prints per kiosk and day (in the time zone). */
    async printsPerDay(entityId: string, b: Bounds, tz: string, kioskId: string | undefined) {
      const found = await rows<{ kiosk_id: string; kiosk_name: string | null; day: string; n: string | number }>(
        db,
        sql`select l.kiosk_id, k.kiosk_name,
                   to_char(to_timestamp(l.at / 1000.0) at time zone ${tz}, 'YYYY-MM-DD') as day, count(*) as n
            from kiosk_logs l left join kiosks k on k.entity_id = l.entity_id and k.id = l.kiosk_id
            where ${whereOf(entityId, b, { kioskId, exactCode: BADGE_PRINTED_LOG })}
            group by 1, 2, 3 order by 3 desc, 2`,
      );
      return found.map((r) => ({ kiosk_id: r.kiosk_id, kiosk_name: r.kiosk_name, day: r.day, count: Number(r.n) }));
    },
  };
}
