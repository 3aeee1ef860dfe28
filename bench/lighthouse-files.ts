// `node --import tsx bench/lighthouse-files.ts`: the JS and CSS files (encoded bytes) the login and
// pre-registration pages load on a first visit, a quick check beside bench:lighthouse (DIST_DIR honoured).
import { and, eq } from 'drizzle-orm';
import { entities } from '../server/db/schema/entities';
import { journeyFlows } from '../server/db/schema/journeys';
import { openTarget } from './support/target';
import { CHROMIUM, launch } from '../tests/e2e/support/browser';
const target = await openTarget('pglite');
const [flow] = await target.database.db
  .select({ id: journeyFlows.id })
  .from(journeyFlows)
  .innerJoin(entities, eq(entities.id, journeyFlows.entityId))
  .where(and(eq(entities.subdomain, 'acme'), eq(journeyFlows.name, 'Visitor arrival')))
  .limit(1);
const browser = await launch([], CHROMIUM);
const pages = (process.env.PROBE ?? 'login,prereg').split(',');
for (const [name, path] of [
  ['login', '/login'],
  ['prereg', `/pre-registration/${flow!.id}?add_visitor=true`],
]) {
  if (!pages.includes(name!)) continue;
  const ctx = await browser.newContext({ baseURL: target.url, serviceWorkers: 'block' });
  const page = await ctx.newPage();
  const rows: string[] = [];
  let total = 0;
  let n = 0;
  page.on('requestfinished', async (r) => {
    const s = await r.sizes();
    const u = new URL(r.url());
    if (/\.(js|css)$/.test(u.pathname)) {
      total += s.responseBodySize;
      n++;
    }
    rows.push(`${s.responseBodySize}\t${r.resourceType()}\t${u.pathname}`);
  });
  page.on('console', (m) => m.type() === 'error' && console.log('console:', m.text()));
  page.on('pageerror', (e) => console.log('pageerror:', e.stack));
  await page.goto(path!);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  if (process.env.PROBE_LIST) console.log(rows.join('\n'));
  console.log(`${name}: ${n} js/css files, ${(total / 1024).toFixed(1)} KB encoded`);
  await ctx.close();
}
await browser.close();
await target.close();
process.exit(0);
