// History filtered by the sign-in's journey details (host, stage, checks) over many visits:
// these filters take their own query (matches gathered, counted and paged in one pass), so
// their rows, order, paging and count are checked against the plain history of the same
// visits filtered here, and against counts worked out by hand from the fixture.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { visitEvents } from '../db/schema/index';
import { eachDatabase } from '../test/databases';
import { bearer, testClock } from '../test/harness';
import { openReportFixture, writeVisitEvents } from '../test/report-fixture';

const NOW = Date.UTC(2026, 0, 15, 15, 0, 0);
const HOUR = 3_600_000;
const VISITS = 60;
const PEOPLE = ['admin', 'employee', 'warden', 'sam.staff', 'carla.contractor'];
/** Every 3rd visit names Hannah, in each shape a kiosk has recorded a host; every 5th others Harry. */
const hostOf = (i: number): unknown =>
  i % 3 === 0
    ? [{ name: 'Hannah Host' }, { full_name: 'HANNAH HOST' }, { fullName: 'hannah h.' }, 'Hannah'][(i / 3) % 4]!
    : i % 5 === 0
      ? { name: 'Harry Host' }
      : null;

interface Row {
  id: string;
  fullName: string;
  siteName: string;
  status: string;
  host: string | null;
  checks: unknown;
}

eachDatabase((get) => {
  let app: FastifyInstance;
  let admin: string;
  let id: Record<string, string>;

  beforeAll(async () => {
    let acme: string;
    ({ app, admin, acme, id } = await openReportFixture(get().database, testClock(NOW)));
    // 60 one-hour visits, one every 5 hours back from 2026-01-14 20:00 (all in the last 30 days);
    // every 4th has checks, every 6th was signed out automatically.
    const events: Array<typeof visitEvents.$inferInsert> = [];
    for (let i = 0; i < VISITS; i++) {
      const inAt = Date.UTC(2026, 0, 14, 20) - i * 5 * HOUR;
      const host = hostOf(i);
      const common = {
        entityId: acme,
        personId: id[PEOPLE[i % PEOPLE.length]!]!,
        areaId: id[i % 2 ? 'Reception' : 'Loading Bay']!,
      };
      const details = {
        ...(host ? { host } : {}),
        ...(i % 4 === 0 ? { checks: { temperature: { value: 36.5, unit: 'c' } } } : {}),
      };
      events.push({
        ...common,
        id: uuidv7(),
        kind: 'in',
        at: inAt,
        details: Object.keys(details).length ? details : null,
        receivedAt: new Date(inAt),
      });
      events.push({
        ...common,
        id: uuidv7(),
        kind: 'out',
        at: inAt + HOUR,
        details: i % 6 === 0 ? { auto: true } : null,
        receivedAt: new Date(inAt + HOUR),
      });
    }
    await writeVisitEvents(get().database.db, acme, events);
  });
  afterAll(async () => {
    await app.close();
  });

  const history = async (query: string) => {
    const res = await app.inject({ url: `/api/reports/history?tz=UTC&${query}`, headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: Row[]; count: number };
  };
  /** The same report without the details filter, filtered here: what the details query must give. */
  const expected = async (query: string, keep: (r: Row) => boolean) =>
    (await history(`${query}&limit=500`)).data.filter(keep);
  const hannah = (r: Row) => /hannah/i.test(r.host ?? '');

  it('finds every visit whose host matches, newest first, ten a page, with the count', async () => {
    const all = await expected('', hannah);
    expect(all).toHaveLength(20); // visits 0, 3, 6, … 57
    expect(all.map((r) => r.host)).toContain('HANNAH HOST');
    expect(all.map((r) => r.host)).toContain('Hannah');
    const pages = await Promise.all([1, 2, 3].map((n) => history(`host=hannah&page=${n}`)));
    expect(pages.map((p) => p.count)).toEqual([20, 20, 20]);
    expect(pages[0]!.data.map((r) => r.id)).toEqual(all.slice(0, 10).map((r) => r.id));
    expect(pages[1]!.data.map((r) => r.id)).toEqual(all.slice(10, 20).map((r) => r.id));
    expect(pages[2]!.data).toEqual([]); // past the last page: no rows, the count still right
    expect(pages[0]!.data[0]).toEqual(all[0]); // the same row, every column
  });

  it('sorts the matches on the server as the plain history does, in both directions', async () => {
    for (const sort of ['name', 'site', 'status', 'timeOut', 'userType', 'area', 'timeIn'])
      for (const order of ['asc', 'desc']) {
        const q = `sort=${sort}&order=${order}`;
        const want = await expected(q, hannah);
        const got = await history(`${q}&host=HANNAH&limit=7&page=2`);
        expect(got.count, q).toBe(20);
        expect(
          got.data.map((r) => r.id),
          q,
        ).toEqual(want.slice(7, 14).map((r) => r.id));
      }
  });

  it('combines the details filters with each other and with the other filters', async () => {
    // [the other filters, the details filters, which rows of the plain history match, how many]
    const cases: Array<[string, string, (r: Row) => boolean, number]> = [
      // Hannah on odd visits is at Reception (Head Office): 3, 9, 15, … 57.
      [`area=${id.Reception}`, 'host=hannah', hannah, 10],
      // Checks on every 4th visit; with Hannah every 12th: 0, 12, 24, 36, 48.
      ['', 'host=hannah&checks=with', (r) => hannah(r) && r.checks != null, 5],
      ['', 'host=hannah&checks=without', (r) => hannah(r) && r.checks == null, 15],
      ['', 'checks=with', (r) => r.checks != null, 15],
      // Automatic sign-outs every 6th visit, all of them Hannah's: 0, 6, … 54.
      ['status=auto_signed_out', 'host=hannah', hannah, 10],
      ['', 'host=harry', (r) => /harry/i.test(r.host ?? ''), 8], // 5, 10, 20, 25, 35, 40, 50, 55
      [`person=${id['sam.staff']}&sort=timeIn&order=asc`, 'host=hannah', hannah, 4], // 3, 18, 33, 48
      ['', 'host=nobody', () => false, 0],
    ];
    for (const [plain, details, keep, count] of cases) {
      const want = await expected(plain, keep);
      const got = await history(`${plain}&${details}&limit=500`);
      expect(got.count, details).toBe(count);
      expect(want, details).toHaveLength(count);
      expect(
        got.data.map((r) => r.id),
        `${plain}&${details}`,
      ).toEqual(want.map((r) => r.id));
    }
  });
});
