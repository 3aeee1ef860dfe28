// Entry point: environment → database (migrated, demo seeded on first start) → app + socket.io → listen.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildApp } from './app';
import { trustedProxies } from './auth/rate-limits';
import { closeOnSignals } from './shutdown';
import { PublicUrlError, resolvePublicUrl } from './public-url';
import { openDatabase } from './db/database';
import { FolderInUseError, lockFolder } from './db/folder-lock';
import { loggerOptions } from './http/observability';
import { attachRealtime } from './realtime';
import { DEMO_LOGINS, DemoRefusedError, seedDemo } from './seed/demo';
import { sql } from 'drizzle-orm';
import { clockControl } from './auto-sign-out/clock-control';
import { AUTO_SIGN_OUT_INTERVAL_MS } from './auto-sign-out/auto-sign-out.service';
import { assertSecretKeys, MissingKeyError } from './sso/required-keys';

const env = process.env;
const port = Number(env.PORT ?? 8080);
const host = env.HOST ?? '0.0.0.0';
const production = env.NODE_ENV === 'production';
// Checked before anything opens: a production server without PUBLIC_URL refuses to start.
let publicUrl: string;
try {
  publicUrl = resolvePublicUrl(env, { host, port });
} catch (error) {
  if (!(error instanceof PublicUrlError)) throw error;
  console.error(`gatehouse: ${error.message}`);
  process.exit(1);
}
// Secrets at rest need their keys: production refuses to start without them (development warns).
try {
  assertSecretKeys(env, production);
} catch (error) {
  if (!(error instanceof MissingKeyError)) throw error;
  console.error(`gatehouse: ${error.message}`);
  process.exit(1);
}
const dataDir = resolve(env.DATA_DIR ?? './data');
// DIST_DIR lets several builds of the PWA be served side by side (parallel e2e runs).
const distDir = resolve(env.DIST_DIR || 'dist');
const staticDir = existsSync(resolve(distDir, 'index.html')) ? distDir : undefined;
// The clock is Date.now() unless an e2e run asked for a movable one (never in production).
const clock = clockControl(env, production);
const now = clock.now;
const ANALYZE_EVERY_MS = 10 * 60 * 1000;

// One PGlite folder has one process: held until exit, so `npm run backup` refuses meanwhile.
if (!env.DATABASE_URL) {
  try {
    lockFolder(dataDir, 'server');
  } catch (error) {
    if (!(error instanceof FolderInUseError)) throw error;
    console.error(`gatehouse: ${error.message}`);
    process.exit(1);
  }
}
const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir });
await database.migrate();

let seeded = false;
try {
  seeded = (await seedDemo(database.db, { now, production })).seeded;
} catch (error) {
  if (!(error instanceof DemoRefusedError)) throw error;
  console.warn(error.message);
}

const app = await buildApp({
  database,
  now,
  production,
  staticDir,
  logger: loggerOptions(env.LOG_LEVEL ?? (production ? 'info' : 'warn')),
  trustedProxies: trustedProxies(env.TRUSTED_PROXIES),
  mail: { smtpUrl: env.SMTP_URL || undefined, from: env.MAIL_FROM || undefined },
  publicUrl,
  passportUrl: env.PASSPORT_URL || undefined,
  metricsToken: env.METRICS_TOKEN || undefined,
  autoSignOutIntervalMs: Number(env.AUTO_SIGN_OUT_INTERVAL_MS) || AUTO_SIGN_OUT_INTERVAL_MS,
  retentionSchedule: env.RETENTION_JOB !== 'off',
  notificationIntervalMs: Number(env.NOTIFICATION_INTERVAL_MS) || 2_000,
});
clock.register(app, () => app.services.autoSignOut.run());
await attachRealtime(app, { auth: app.services.auth, hub: app.realtimeHub, pool: database.pool });
if (database.kind === 'pglite') {
  // PGlite is one long-lived session without autovacuum: refresh planner statistics now and then,
  // or foreign-key checks keep plans made when the tables were tiny and slow down as data grows.
  const analyze = () =>
    void database.db
      .execute(sql`ANALYZE`)
      .catch((error: unknown) => console.warn('gatehouse db: ANALYZE failed', error));
  analyze();
  setInterval(analyze, ANALYZE_EVERY_MS).unref();
}
// The database closes after the app (not in an onClose hook, which runs before socket.io's and
// would wait forever for the adapter's LISTEN connection); a hard exit follows after 10 s.
closeOnSignals({ app, database });

await app.listen({ port, host });
const shown = host === '0.0.0.0' ? 'localhost' : host;
console.log(
  `Gatehouse listening on http://${shown}:${port} (database: ${database.kind}${database.kind === 'pglite' ? `, ${dataDir}` : ''})`,
);
if (!staticDir) {
  console.log('No built app in dist/: run `npm run build` to serve the PWA; the API works without it.');
}
if (!production) {
  console.log(seeded ? 'Demo seeded. Logins:' : 'Demo logins:');
  for (const login of DEMO_LOGINS)
    console.log(`  ${login.email.padEnd(30)} ${login.password}  (${login.company}, ${login.role})`);
}
