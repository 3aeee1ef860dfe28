// `npm test`: every layer — typecheck, lint, format, unit and build (two at a time), then server
// (PGlite, and PostgreSQL when DATABASE_URL is set), then end-to-end in Chromium — and one count.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const chromium = spawnSync(process.execPath, ['scripts/require-chromium.mjs'], { stdio: 'inherit' });
if (chromium.status !== 0) process.exit(1);

const out = mkdtempSync(join(tmpdir(), 'gatehouse-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

function run(label, cmd, args, jsonFile) {
  const started = Date.now();
  console.log(`\n── ${label} ─────────────────────────────`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  if (jsonFile && existsSync(jsonFile)) {
    const report = JSON.parse(readFileSync(jsonFile, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
  }
  console.log(`── ${label}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (r.status !== 0) failedSteps.push(label);
}

const vitest = (project) => {
  const file = join(out, `${project}.json`);
  return [
    'npx',
    ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    file,
  ];
};

/** Steps that share nothing run two at a time (the machine has two cores); each prints its
 * output as one block when it ends, so the log still reads step by step. */
function runTogether(steps) {
  const queue = [...steps];
  const one = () => {
    const next = queue.shift();
    if (!next) return Promise.resolve();
    const [label, cmd, args, jsonFile] = next;
    const started = Date.now();
    return new Promise((resolve) => {
      const child = spawn(cmd, args, { env: { ...process.env, FORCE_COLOR: '1' } });
      const out = [];
      child.stdout.on('data', (d) => out.push(d));
      child.stderr.on('data', (d) => out.push(d));
      child.on('close', (code) => {
        console.log(`\n── ${label} ─────────────────────────────`);
        process.stdout.write(Buffer.concat(out));
        if (jsonFile && existsSync(jsonFile)) {
          const report = JSON.parse(readFileSync(jsonFile, 'utf8'));
          totals.passed += report.numPassedTests;
          totals.failed += report.numFailedTests;
          totals.skipped += report.numPendingTests + report.numTodoTests;
        }
        console.log(`── ${label}: ${code === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        if (code !== 0) failedSteps.push(label);
        resolve(one());
      });
    });
  };
  return Promise.all([one(), one()]);
}

await runTogether([
  ['typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['typecheck (domain/ and sync/ without DOM or Node)', 'npx', ['tsc', '-p', 'tsconfig.pure.json', '--noEmit']],
  ['format (Prettier, width 120)', 'npx', ['prettier', '--check', '.']],
  ['unit tests', ...vitest('unit')],
  ['build', 'npx', ['vite', 'build', '--logLevel', 'warn']],
]);
run(`server tests (PGlite${process.env.DATABASE_URL ? ' and PostgreSQL' : ''})`, ...vitest('server'));
if (!failedSteps.includes('build')) run('end-to-end tests (Chromium)', ...vitest('e2e'));

console.log('');
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join(', ')}`);
console.log(
  `tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(failedSteps.length ? 1 : 0);
