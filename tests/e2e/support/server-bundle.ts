// The end-to-end files each start the real server, 60 and more starts a run: under tsx each start
// compiles and resolves some 400 TypeScript modules again. This global setup bundles the server's
// own code once per run (node_modules stay imports, as in `npm start`) and the files start that.
// `import.meta.url` is how the server finds files of its own: it is set to server/db/database.ts's
// address, beside which the migrations are; the API page resolves its package from there as well.
import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVER_BUNDLE_ENV } from './server-bundle-env';

export async function setup(): Promise<() => void> {
  // Inside the project, so the bundle's imports resolve to its node_modules.
  mkdirSync('node_modules/.cache', { recursive: true });
  const dir = mkdtempSync(join('node_modules/.cache', 'gatehouse-server-'));
  const outfile = join(dir, 'main.mjs');
  await build({
    entryPoints: ['server/main.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile,
    logLevel: 'warning',
    define: { 'import.meta.url': JSON.stringify(pathToFileURL(resolve('server/db/database.ts')).href) },
  });
  process.env[SERVER_BUNDLE_ENV] = outfile;
  return () => rmSync(dir, { recursive: true, force: true });
}
