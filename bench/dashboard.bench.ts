// `npm run bench:dashboard`: the dashboard's figures on PostgreSQL (its own database, created and
// dropped): 50,000 users and 1,000,000 visit events made with generate_series; the users page
// (paged, sorted, filtered) and a dashboard day of 5,000 visits, p95 of server time; and the
// local first render's derivation of 5,000 visits (the work the device does before painting);
// then, in Chromium, the dashboard's first render from local data (bench/dashboard-browser.ts).
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { pageOf, visitsFrom, type LogbookEvent } from '../domain/logbook';
import { printSection, count, type SectionResult } from './support/report';
import { rows } from './support/sql';
import { openTarget, postgresServerUrl } from './support/target';
import { rebuildVisits } from '../server/dashboard/visit-pairing';
import { measureLocalFirstRender } from './dashboard-browser';

const USERS = 50_000;
const DAY_VISITS = 5_000;
const EVENTS = 1_000_000;
const RUNS = 60;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95) - 1] ?? NaN;
const ms = (x: number) => `${x.toFixed(1)} ms`;

export async function run(): Promise<SectionResult[]> {
  // BENCH_BROWSER=0 leaves out the Chromium part (the server figures alone).
  const browser = process.env.BENCH_BROWSER === '0' ? null : await measureLocalFirstRender();
  if (browser) printSection(browser);
  const postgres = await postgresServerUrl();
  if (!postgres) {
    console.log('dashboard benchmark: PostgreSQL not reachable (set BENCH_DATABASE_URL): server part skipped');
    return browser ? [browser] : [];
  }
  const target = await openTarget('postgres', postgres);
  try {
    const db = target.database.db;
    const [acme] = await rows<{ id: string; role: string; type: string; area: string }>(
      db,
      sql`
      select e.id, (select id from roles where entity_id = e.id and name = 'default users') as role,
             (select id from user_types where entity_id = e.id and name = 'Visitor') as type,
             (select id from areas where entity_id = e.id and name = 'Reception') as area
      from entities e where subdomain = 'acme'`,
    );
    const e = acme!;
    const started = performance.now();
    await db.execute(sql`insert into users (entity_id, id, email, full_name, role_id, user_type_id, updated_at)
      select ${e.id}, gen_random_uuid(), 'bench' || g || '@acme.test', 'Bench ' || md5(g::text), ${e.role}, ${e.type}, now()
      from generate_series(1, ${USERS}) g`);
    const today = new Date();
    today.setUTCHours(0, 0, 0, 0);
    const dayStart = today.getTime();
    // Pairs of sign-in + sign-out: 5,000 today, the rest over the previous 200 days.
    await db.execute(sql`with u as (select id, row_number() over (order by id) - 1 as n from users where entity_id = ${e.id}),
      v as (select g, case when g <= ${DAY_VISITS} then ${dayStart}::bigint + (g % 28800) * 1000
                           else ${dayStart}::bigint - (1 + g % 200)::bigint * 86400000 + (g % 36000) * 1000 end as at
            from generate_series(1, ${EVENTS / 2}) g)
      insert into visit_events (entity_id, id, person_id, kind, area_id, at, details, received_at)
      select ${e.id}, gen_random_uuid(), u.id, k.kind, ${e.area}, v.at + k.shift, case when v.g % 7 = 0 then '{"host":"Hannah Host"}'::jsonb end, now()
      from v join u on u.n = v.g % ${USERS + 9}
      cross join (values ('in', 0), ('out', 3600000)) as k(kind, shift)`);
    // Events loaded in bulk bypass the sync handlers, which pair visits at write time.
    await rebuildVisits(db, e.id);
    await db.execute(sql`vacuum analyze`);
    const [made] = await rows<{ n: string }>(db, sql`select count(*) as n from visit_events where entity_id = ${e.id}`);
    const setup = (performance.now() - started) / 1000;

    const { token } = await target.login('admin@acme.test');
    const headers = { authorization: `Bearer ${token}` };
    const time = async (url: string) => {
      const t0 = performance.now();
      const res = await target.app.inject({ url, headers });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return performance.now() - t0;
    };
    const usersTimes: number[] = [];
    const orders = ['full_name', '-full_name', 'email', 'user_type'];
    for (let i = 0; i < RUNS; i++) {
      const filter = encodeURIComponent(
        JSON.stringify(i % 3 === 0 ? { search: `bench${i}` } : i % 3 === 1 ? { user_type_id: e.type } : {}),
      );
      usersTimes.push(
        await time(
          `/api/users/${e.id}?filterBy=${filter}&orderBy=${orders[i % 4]}&limit=10&page=${1 + ((i * 37) % 400)}`,
        ),
      );
    }
    const day = new Date(dayStart).toISOString().slice(0, 10);
    const dayTimes: number[] = [];
    const sorts = ['timeIn', 'name', 'status', 'timeOut'];
    for (let i = 0; i < RUNS; i++) {
      const extra = i % 3 === 0 ? '&status=signed_out' : i % 3 === 1 ? '&search=bench' : '';
      const url = `/api/dashboard/logbook?tz=UTC&from=${day}&to=${day}&sort=${sorts[i % 4]}&page=${1 + (i % 20)}${extra}`;
      dayTimes.push(await time(url));
      if (process.env.BENCH_DEBUG) console.log(dayTimes.at(-1)!.toFixed(0), url);
    }
    const countsTimes: number[] = [];
    for (let i = 0; i < 20; i++) countsTimes.push(await time(`/api/dashboard/counts?tz=UTC&from=${day}`));

    // The device's first render: derive and page 5,000 visits from local rows.
    const local: LogbookEvent[] = [];
    for (let i = 0; i < DAY_VISITS; i++) {
      local.push({ id: `i${i}`, personId: `p${i % 2000}`, kind: 'in', areaId: 'a', at: i * 1000 });
      local.push({ id: `o${i}`, personId: `p${i % 2000}`, kind: 'out', areaId: 'a', at: i * 1000 + 500 });
    }
    const lookups = {
      person: () => ({ fullName: 'Bench' }),
      area: () => ({ name: 'Reception', siteId: 's' }),
      site: () => ({ name: 'HQ' }),
      userType: () => ({ name: 'Visitor' }),
    };
    const localTimes: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      pageOf(visitsFrom(local, lookups, { from: 0, to: Number.MAX_SAFE_INTEGER }), { limit: 10 });
      localTimes.push(performance.now() - t0);
    }

    const result: SectionResult = {
      title: 'dashboard and users on PostgreSQL',
      figures: [
        { label: 'users', value: count(USERS + 9) },
        { label: 'visit events', value: count(Number(made?.n ?? 0)) },
        {
          label: 'users page p95 (server)',
          value: ms(p95(usersTimes)),
          target: '≤ 100 ms',
          met: p95(usersTimes) <= 100,
        },
        {
          label: 'dashboard day of 5,000 visits p50',
          value: ms([...dayTimes].sort((a, b) => a - b)[Math.floor(dayTimes.length / 2)]!),
        },
        {
          label: 'dashboard day of 5,000 visits p95',
          value: ms(p95(dayTimes)),
          target: '≤ 150 ms',
          met: p95(dayTimes) <= 150,
        },
        { label: 'daily counts p95', value: ms(p95(countsTimes)) },
        {
          label: 'local derivation of 5,000 visits p95',
          value: ms(p95(localTimes)),
          target: '≤ 300 ms',
          met: p95(localTimes) <= 300,
          note: 'Node; the browser adds the IndexedDB read and paint',
        },
      ],
      notes: [
        `data set made in ${setup.toFixed(1)} s`,
        `${RUNS} requests per measure through app.inject (server time, no network)`,
      ],
    };
    printSection(result);
    return browser ? [browser, result] : [result];
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
