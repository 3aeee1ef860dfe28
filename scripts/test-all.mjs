// `npm test`: every layer — typecheck, lint, format, unit, server (PGlite, and PostgreSQL when
// DATABASE_URL is set) in one lane; the build, then end-to-end in Chromium in the other — and one
// count.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const chromium = spawnSync(process.execPath, ['scripts/require-chromium.mjs'], { stdio: 'inherit' });
if (chromium.status !== 0) process.exit(1);

const out = mkdtempSync(join(tmpdir(), 'gatehouse-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
/** Each failed test's file, name and the first lines of its error, printed again at the very end:
 * a CI log is often read from its tail, where the other lane's output would hide them. */
const failures = [];

const vitest = (project) => {
  const file = join(out, `${project}.json`);
  return [
    'npx',
    ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    file,
  ];
};

/** One step, its output printed as one block when it ends (two lanes run at once, so the log
 * still reads step by step). Resolves true when the step passed. */
function step([label, cmd, args, jsonFile]) {
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
        for (const file of report.testResults ?? []) {
          const name = file.name.replace(process.cwd() + '/', '');
          const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
          for (const t of failed) failures.push(`${name} > ${t.fullName}\n${firstLines(t.failureMessages?.[0])}`);
          if (!failed.length && file.status === 'failed') failures.push(`${name}\n${firstLines(file.message)}`);
        }
      }
      console.log(`── ${label}: ${code === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      if (code !== 0) failedSteps.push(label);
      resolve(code === 0);
    });
  });
}

function firstLines(text = '') {
  // eslint-disable-next-line no-control-regex -- colour codes in the reporter's text
  const plain = String(text).replace(/\x1b\[[0-9;]*m/g, '');
  return plain
    .split('\n')
    .slice(0, 12)
    .map((l) => `    ${l}`)
    .join('\n');
}

async function lane(steps) {
  for (const next of steps) await step(next);
}

// Two lanes share the two cores. The end-to-end tests spend most of their time waiting for what
// a browser shows (about half a core each, measured), so they start as soon as the build is done
// and run beside the static checks and the server tests instead of after them.
const started = Date.now();
await Promise.all([
  (async () => {
    if (await step(['build', 'npx', ['vite', 'build', '--logLevel', 'warn']]))
      await step(['end-to-end tests (Chromium)', ...vitest('e2e')]);
  })(),
  lane([
    ['typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
    ['typecheck (domain/ and sync/ without DOM or Node)', 'npx', ['tsc', '-p', 'tsconfig.pure.json', '--noEmit']],
    ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
    ['format (Prettier, width 120)', 'npx', ['prettier', '--check', '.']],
    ['unit tests', ...vitest('unit')],
    [`server tests (PGlite${process.env.DATABASE_URL ? ' and PostgreSQL' : ''})`, ...vitest('server')],
  ]),
]);
console.log(`\nall steps in ${((Date.now() - started) / 1000).toFixed(0)} s`);

console.log('');
if (failures.length) console.log(`Failed tests:\n${failures.map((f) => `  ✗ ${f}`).join('\n')}\n`);
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join(', ')}`);
console.log(
  `tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(failedSteps.length ? 1 : 0);
