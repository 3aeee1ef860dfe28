// Entry point: environment → database (migrated, demo seeded on first start) → app + socket.io → listen.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildApp } from './app';
import { openDatabase } from './db/database';
import { attachRealtime } from './realtime';
import { DEMO_LOGINS, DemoRefusedError, seedDemo } from './seed/demo';

const env = process.env;
const port = Number(env.PORT ?? 8080);
const host = env.HOST ?? '0.0.0.0';
const production = env.NODE_ENV === 'production';
const dataDir = resolve(env.DATA_DIR ?? './data');
// SMTP_URL is read by the mailer once it exists; nothing sends mail yet.
const distDir = resolve('dist');
const staticDir = existsSync(resolve(distDir, 'index.html')) ? distDir : undefined;
const now = () => Date.now();

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
  database, now, production,
  staticDir,
  logger: { level: production ? 'info' : 'warn' },
  trustProxy: env.TRUST_PROXY === '1',
});
await attachRealtime(app, { auth: app.services.auth, hub: app.realtimeHub, pool: database.pool });
app.addHook('onClose', async () => database.close());

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void app.close().then(() => process.exit(0)));
}

await app.listen({ port, host });
const shown = host === '0.0.0.0' ? 'localhost' : host;
console.log(`Gatehouse listening on http://${shown}:${port} (database: ${database.kind}${database.kind === 'pglite' ? `, ${dataDir}` : ''})`);
if (!staticDir) {
  console.log('No built app in dist/: run `npm run build` to serve the PWA; the API works without it.');
}
if (!production) {
  console.log(seeded ? 'Demo seeded. Logins:' : 'Demo logins:');
  for (const login of DEMO_LOGINS) console.log(`  ${login.email.padEnd(30)} ${login.password}  (${login.company}, ${login.role})`);
}
