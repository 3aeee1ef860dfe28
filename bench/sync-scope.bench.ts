// `npm run bench:sync-scope`: scope changes at the sync benchmark's company (20,000
// people, 100,000 events over a year; BENCH_PULL_PEOPLE / BENCH_PULL_EVENTS make it smaller),
// on PGlite: what the pull after a scope change costs a kiosk and an admin tablet that hold a
// first sync — the next day (rows age out), a kiosk moved to another area, the history window
// shortened, and a cursor from before scopes (everything out of scope deleted once).
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { onSite, type PresenceEvent } from '../domain/presence';
import { buildApp } from '../server/app';
import { areas } from '../server/db/schema/index';
import type { MemoryDevice } from '../sync/memory-store';
import { engineFor, meteredTransport, newDevice, syncOnce, transportFor } from './support/device';
import { count, printSection, seconds, type Figure } from './support/report';
import { openTarget, type BenchTarget } from './support/target';
import { firstSyncInNode, kioskLogin } from './sync/first-sync';
import { createCompany } from './sync/pull';

const DAY = 86_400_000;

/** One sync of a device that holds a first sync: seconds, and the puts and deletes it got. */
async function pullAgain(url: string, token: string, device: MemoryDevice) {
  const { transport } = meteredTransport(transportFor(url, token));
  let puts = 0;
  let dels = 0;
  const counting = {
    ...transport,
    async pull(query: Parameters<typeof transport.pull>[0]) {
      const res = await transport.pull(query);
      if (res.ok)
        for (const c of res.body.changes) {
          if (c.op === 'del') dels++;
          else puts++;
        }
      return res;
    },
  };
  const engine = engineFor(device, counting);
  const t0 = performance.now();
  await syncOnce(engine);
  const ms = performance.now() - t0;
  engine.stop();
  return { ms, puts, dels };
}

const held = (d: MemoryDevice) => [...d.table('visitEvents').values()] as unknown as PresenceEvent[];

/** A kiosk in service for `days` days: its first sync that many days ago, then one pull a day
 * (the same database behind a clock that many days back). Each person whose latest event it
 * has seen leave its window would stay on it if aged sign-outs stayed. */
async function kioskInService(target: BenchTarget, kiosk: { token: string; userId: string }, days: number) {
  const device = newDevice(kiosk.userId);
  let last = { ms: 0, puts: 0, dels: 0 };
  for (let back = days; back >= 0; back--) {
    const app = await buildApp({ database: target.database, now: () => Date.now() - back * DAY });
    await app.listen({ port: 0, host: '127.0.0.1' });
    last = await pullAgain(`http://127.0.0.1:${(app.server.address() as { port: number }).port}`, kiosk.token, device);
    await app.close();
  }
  const aged = held(device).filter((e) => e.kind === 'out').length;
  return { last, events: device.table('visitEvents').size, signOuts: aged, onSite: onSite(held(device)).size };
}

export async function run() {
  const target = await openTarget('pglite');
  try {
    const db = target.database.db;
    const company = await createCompany(db);
    const admin = await target.login(company.adminEmail);
    const kiosk = await kioskLogin(target.url, admin.token, company.areaId);
    const kioskDevice = (await firstSyncInNode(target.url, kiosk)).device;
    const adminDevice = (await firstSyncInNode(target.url, admin)).device;
    const truth = onSite(held(adminDevice)).size; // the admin's scope holds every on-site person too
    const figures: Figure[] = [];
    const add = (label: string, r: { ms: number; puts: number; dels: number }, note = '') =>
      figures.push({
        label,
        value: seconds(r.ms),
        target: '≤ 2 s (catch-up)',
        met: r.ms <= 2_000,
        note: `${count(r.puts)} puts, ${count(r.dels)} deletes${note}; visit events held: kiosk ${count(kioskDevice.table('visitEvents').size)}, admin ${count(adminDevice.table('visitEvents').size)}`,
      });

    // A kiosk moved to another area of the site.
    const [gate] = await db
      .select({ siteId: areas.siteId })
      .from(areas)
      .where(and(eq(areas.entityId, company.entityId), eq(areas.id, company.areaId)));
    const otherArea = uuidv7();
    await db.insert(areas).values({
      entityId: company.entityId,
      id: otherArea,
      siteId: gate!.siteId,
      name: 'Bench Dock',
      loginMode: 'sign in/sign out',
    });
    const moveKiosk = await fetch(`${target.url}/api/kiosk_move/${kiosk.userId}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({ area_id: otherArea }),
    });
    if (!moveKiosk.ok) throw new Error(`move: ${moveKiosk.status}`);
    add('kiosk moved to another area', await pullAgain(target.url, kiosk.token, kioskDevice));

    // The company's history window: 14 days → 7.
    const window = await fetch(`${target.url}/api/sync/history-window`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({ history_days: 7 }),
    });
    if (!window.ok) throw new Error(`window: ${window.status}`);
    add('admin tablet, window 14 → 7 days', await pullAgain(target.url, admin.token, adminDevice));

    // A device whose cursor predates scopes: told to drop everything out of scope, once.
    const cursor = (await adminDevice.cursor())!;
    await adminDevice.applyPull({
      changes: [],
      cursor: cursor.slice(0, cursor.indexOf('~')),
      hasMore: false,
      lastSeq: 0,
      rejections: [],
      serverTime: Date.now(),
    });
    add('admin tablet, cursor from before scopes', await pullAgain(target.url, admin.token, adminDevice));

    // The next day: the same database behind a clock a day ahead.
    const tomorrow = await buildApp({ database: target.database, now: () => Date.now() + DAY });
    await tomorrow.listen({ port: 0, host: '127.0.0.1' });
    const next = `http://127.0.0.1:${(tomorrow.server.address() as { port: number }).port}`;
    const kioskDay = await pullAgain(next, kiosk.token, kioskDevice);
    add('kiosk, the next day', kioskDay, `; on site held ${count(onSite(held(kioskDevice)).size)} of ${count(truth)}`);
    // A person's token lasts 12 hours: the admin logs in again on the next day's clock.
    const res = await fetch(`${next}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: company.adminEmail, password: 'gatehouse-demo' }),
    });
    const adminNext = ((await res.json()) as { data: { access_token: string } }).data.access_token;
    add('admin tablet, the next day', await pullAgain(next, adminNext, adminDevice));
    add('kiosk, nothing changed since', await pullAgain(next, kiosk.token, kioskDevice));
    await tomorrow.close();

    // A kiosk that has been in service for two weeks, pulling once a day.
    const serviced = await kioskInService(target, await kioskLogin(target.url, admin.token, company.areaId), 14);
    add(
      'kiosk in service 14 days, its last daily pull',
      serviced.last,
      `; it holds ${count(serviced.events)} visit events (${count(serviced.signOuts)} sign-outs), on site ${count(serviced.onSite)} of ${count(truth)}`,
    );

    const section = {
      title: `scope changes of devices holding a first sync (MemoryDevice, Node) — ${target.kind}`,
      figures,
      notes: [
        'each pull after a change sends the difference only: puts for rows that entered, deletes for rows that left',
      ],
    };
    printSection(section);
    return [section];
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
