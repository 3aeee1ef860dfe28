// `npm run bench:reports`: the reports' figures on PostgreSQL (its own database, created and
// dropped): 50,000 people and 1,000,000 visits over two years made with generate_series; the
// history's first page (p95 of server time over varied sorts and filters), the visit summary
// of a year, and an xlsx export of about 100,000 rows with the server's RSS growth.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { printSection, count, seconds, type SectionResult } from './support/report';
import { rows } from './support/sql';
import type { Db } from '../server/db/database';
import { openTarget, postgresServerUrl } from './support/target';

const PEOPLE = 50_000;
const VISITS = 1_000_000;
const DAYS = 730;
const EXPORT_DAYS = 73; // ≈ 100,000 of the visits (1,000,000 over 730 days)
const RUNS = 40;
const DAY_MS = 86_400_000;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1] ?? NaN;
const ms = (x: number) => `${x.toFixed(1)} ms`;
const mb = (x: number) => `${(x / 1024 / 1024).toFixed(1)} MB`;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/** 50,000 people and 1,000,000 visits over two years ending today, in the demo's Acme. */
export async function makeDataSet(db: Db) {
  const [e] = await rows<{ id: string; role: string; types: string[]; areas: string[] }>(
    db,
    sql`select e.id, (select id from roles where entity_id = e.id and name = 'default users') as role,
           (select array_agg(id order by name) from user_types where entity_id = e.id) as types,
           (select array_agg(id order by name) from areas where entity_id = e.id) as areas
    from entities e where subdomain = 'acme'`,
  );
  const acme = e!;
  const typeList = sql`${`{${acme.types.join(',')}}`}::uuid[]`;
  const areaList = sql`${`{${acme.areas.join(',')}}`}::uuid[]`;
  await db.execute(sql`insert into users (entity_id, id, email, full_name, role_id, user_type_id, updated_at)
    select ${acme.id}, gen_random_uuid(), 'bench' || g || '@acme.test', 'Bench ' || md5(g::text), ${acme.role},
           (${typeList})[1 + g % ${acme.types.length}], now()
    from generate_series(1, ${PEOPLE}) g`);
  const today = new Date();
  today.setUTCHours(0, 0, 0, 0);
  const end = today.getTime() + DAY_MS;
  // One sign-in and, for all but the last hours, its sign-out an hour later: spread evenly
  // over two years ending today; every 10th sign-out is automatic, every 7th visit has a host.
  // The sign-in records the person's user type, as the kiosk, remote sign-in and the mass
  // action do; every 20th does not, as the dashboard's quick sign-in (the report then uses the
  // person's current type).
  await db.execute(sql`create table bench_visits as
    with u as (select id, user_type_id, row_number() over (order by id) - 1 as n from users where entity_id = ${acme.id})
    select g, gen_random_uuid() as in_id, gen_random_uuid() as out_id, u.id as person_id,
           case when g % 20 <> 0 then u.user_type_id end as user_type_id,
           (${areaList})[1 + g % ${acme.areas.length}] as area_id,
           ${end}::bigint - (g::bigint * ${Math.floor((DAYS * DAY_MS) / VISITS)}) as at
    from generate_series(1, ${VISITS}) g join u on u.n = g % ${PEOPLE}`);
  await db.execute(sql`insert into visit_events (entity_id, id, person_id, kind, area_id, user_type_id, at, details, received_at)
    select ${acme.id}::uuid, in_id, person_id, 'in', area_id, user_type_id, at, case when g % 7 = 0 then '{"host":{"name":"Hannah Host"}}'::jsonb end, now() from bench_visits
    union all
    select ${acme.id}::uuid, out_id, person_id, 'out', area_id, null, at + 3600000, case when g % 10 = 0 then '{"auto":true}'::jsonb end, now()
    from bench_visits where at + 3600000 < ${Date.now()}`);
  // Events loaded in bulk bypass the sync handlers, which pair visits at write time: the
  // pairing here is known (each sign-in's sign-out an hour later), so it is written directly.
  await db.execute(sql`insert into visits (entity_id, id, person_id, time_in, area_id, user_type_id, out_event_id, time_out, status)
    select ${acme.id}::uuid, in_id, person_id, at, area_id, user_type_id,
           case when at + 3600000 < ${Date.now()} then out_id end, case when at + 3600000 < ${Date.now()} then at + 3600000 end,
           case when at + 3600000 >= ${Date.now()} then 'signed_in' when g % 10 = 0 then 'auto_signed_out' else 'signed_out' end
    from bench_visits`);
  await db.execute(sql`drop table bench_visits`);
  await db.execute(sql`vacuum analyze`);
  const [made] = await rows<{ n: string }>(db, sql`select count(*) as n from visits where entity_id = ${acme.id}`);
  return { acme, made: Number(made?.n ?? 0) };
}

/** The kept database's data set when it has one, otherwise a new one. */
async function dataSetOf(db: Db) {
  const [kept] = await rows<{ n: string }>(
    db,
    sql`select count(*) as n from visits where entity_id = (select id from entities where subdomain = 'acme')`,
  );
  if (Number(kept?.n ?? 0) < VISITS) return { ...(await makeDataSet(db)), reused: false };
  const [e] = await rows<{ id: string; types: string[] }>(
    db,
    sql`select e.id, (select array_agg(id order by name) from user_types where entity_id = e.id) as types
    from entities e where subdomain = 'acme'`,
  );
  return { acme: e!, made: Number(kept!.n), reused: true };
}

export async function run(): Promise<SectionResult[]> {
  const postgres = await postgresServerUrl();
  if (!postgres) {
    console.log('reports benchmark: PostgreSQL not reachable (set BENCH_DATABASE_URL): skipped');
    return [];
  }
  // BENCH_REPORTS_DB=<name> keeps the database (and its data set) for the next run.
  const keepDatabase = process.env.BENCH_REPORTS_DB || undefined;
  const target = await openTarget('postgres', postgres, { keepDatabase });
  try {
    const db = target.database.db;
    const started = performance.now();
    const { acme, made, reused } = await dataSetOf(db);
    const setup = (performance.now() - started) / 1000;
    const end = new Date().setUTCHours(0, 0, 0, 0) + DAY_MS;

    const { token } = await target.login('admin@acme.test');
    const headers = { authorization: `Bearer ${token}` };
    const time = async (url: string) => {
      const t0 = performance.now();
      const res = await target.app.inject({ url, headers });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return performance.now() - t0;
    };
    const [someone] = await rows<{ id: string }>(
      db,
      sql`select id from users where entity_id = ${acme.id} and email = 'bench77@acme.test'`,
    );
    const [site] = await rows<{ id: string }>(
      db,
      sql`select id from sites where entity_id = ${acme.id} order by name limit 1`,
    );
    const filters = [
      '',
      `&site=${site!.id}`,
      `&userType=${acme.types[0]}`,
      '&status=auto_signed_out',
      `&person=${someone!.id}`,
      '&host=hannah',
    ];
    const sorts = ['timeIn', 'name', 'timeOut', 'status', 'site'];
    // One untimed request of each first: after building (or reopening) the data set the first
    // one reads the indexes from disk, which no steady-state request does.
    const yearFrom = isoDay(end - 365 * DAY_MS);
    const yearTo = isoDay(end - DAY_MS);
    await time('/api/reports/history?tz=UTC');
    await time(`/api/reports/visit-summary?tz=UTC&start_date=${yearFrom}&end_date=${yearTo}`);
    const historyTimes: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const url = `/api/reports/history?tz=UTC&sort=${sorts[i % sorts.length]}${filters[i % filters.length]}`;
      historyTimes.push(await time(url));
      if (process.env.BENCH_DEBUG) console.log(historyTimes.at(-1)!.toFixed(0), url);
    }
    const summaryTimes: number[] = [];
    for (let i = 0; i < 10; i++)
      summaryTimes.push(await time(`/api/reports/visit-summary?tz=UTC&start_date=${yearFrom}&end_date=${yearTo}`));
    // Timesheet: the default 30 days, 10 people a page, with no filter, a site or a user type.
    const timesheetTimes: number[] = [];
    for (let i = 0; i < 12; i++)
      timesheetTimes.push(
        await time(`/api/reports/timesheet?tz=UTC${['', `&site=${site!.id}`, `&userType=${acme.types[0]}`][i % 3]}`),
      );
    // Track & trace: the person with the most visits in the last 30 days, over those 30 days.
    const traceFrom = isoDay(end - 30 * DAY_MS);
    const [busy] = await rows<{ person_id: string }>(
      db,
      sql`select person_id from visits where entity_id = ${acme.id} and time_in >= ${end - 30 * DAY_MS}
          group by person_id order by count(*) desc limit 1`,
    );
    const traceTimes: number[] = [];
    for (let i = 0; i < 10; i++)
      traceTimes.push(
        await time(`/api/reports/track-trace?tz=UTC&person=${busy!.person_id}&from=${traceFrom}&to=${yearTo}`),
      );

    // The export: asked over the API, run by the server's job runner, RSS sampled meanwhile.
    const exportFilters = { tz: 'UTC', from: isoDay(end - EXPORT_DAYS * DAY_MS), to: yearTo };
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 50);
    const t0 = performance.now();
    const asked = await target.app.inject({
      method: 'POST',
      url: '/api/exports',
      headers,
      payload: { report: 'history', format: 'xlsx', filters: exportFilters },
    });
    const id = asked.json().data.id as string;
    let job: { status: string; rows_total: number | null; size: number | null } | undefined;
    for (;;) {
      const list = (await target.app.inject({ url: '/api/exports', headers })).json().data as Array<{
        id: string;
        status: string;
        rows_total: number | null;
        size: number | null;
      }>;
      job = list.find((j) => j.id === id);
      if (job?.status === 'done' || job?.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const exportMs = performance.now() - t0;
    clearInterval(sampler);
    const growth = rssPeak - rssBefore;

    const result: SectionResult = {
      title: 'reports on PostgreSQL',
      figures: [
        { label: 'people', value: count(PEOPLE) },
        { label: 'visits (two years)', value: count(made) },
        {
          label: 'history first page p95 (server)',
          value: ms(p95(historyTimes)),
          target: '≤ 300 ms',
          met: p95(historyTimes) <= 300,
        },
        {
          label: 'timesheet first page p95 (30 days)',
          value: ms(p95(timesheetTimes)),
          target: '≤ 300 ms',
          met: p95(timesheetTimes) <= 300,
        },
        {
          label: 'track & trace, one person over 30 days p95',
          value: ms(p95(traceTimes)),
          target: '≤ 500 ms',
          met: p95(traceTimes) <= 500,
        },
        {
          label: 'visit summary of a year p95',
          value: ms(p95(summaryTimes)),
          target: '≤ 500 ms',
          met: p95(summaryTimes) <= 500,
        },
        {
          label: `xlsx export of ${count(job?.rows_total ?? 0)} rows (${job?.status})`,
          value: seconds(exportMs),
          target: '≤ 10 s',
          met: job?.status === 'done' && exportMs <= 10_000,
        },
        { label: 'export file size', value: mb(job?.size ?? 0) },
        {
          label: 'RSS growth during the export',
          value: mb(growth),
          target: '≤ 100 MB',
          met: growth <= 100 * 1024 * 1024,
        },
      ],
      notes: [
        reused ? `data set reused from ${keepDatabase}` : `data set made in ${setup.toFixed(1)} s`,
        'one untimed history and summary request first (cold caches)',
        `${RUNS} history requests (sorts: ${sorts.join(', ')}; filters: none, site, user type, status, person, host) through app.inject`,
      ],
    };
    printSection(result);
    return [result];
  } finally {
    await target.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  run().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
