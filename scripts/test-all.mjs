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
      const text = Buffer.concat(out);
      process.stdout.write(text);
      const failuresBefore = failures.length;
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
      // A runner that fails with every test passed (an unhandled error, a worker that would not
      // end) says why at the end too: its tests' list cannot.
      if (code !== 0 && failures.length === failuresBefore) {
        const plain = stripColours(text.toString());
        const at = plain.search(/Unhandled (Errors?|Rejection)/);
        failures.push(
          `${label}: exited with ${code}, no test failed\n${firstLines(at >= 0 ? plain.slice(at) : plain.slice(-3000), 30)}`,
        );
      }
      console.log(`── ${label}: ${code === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      if (code !== 0) failedSteps.push(label);
      resolve(code === 0);
    });
  });
}

// eslint-disable-next-line no-control-regex -- colour codes in the reporter's text
const stripColours = (text) => String(text).replace(/\x1b\[[0-9;]*m/g, '');

function firstLines(text = '', count = 12) {
  return stripColours(text)
    .split('\n')
    .slice(0, count)
    .map((l) => `    ${l}`)
    .join('\n');
}

/** Each lane's wall time, printed at the end (the suite's time is the longer lane's). */
const laneTimes = [];
async function lane(name, steps) {
  const started = Date.now();
  for (const next of steps) if (!(await step(next)) && next.stopsLane) break;
  laneTimes.push(`${name} ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

// Two lanes share the two cores: the build, then the end-to-end tests; beside them the static
// checks, the unit and the server tests. Both keep the cores busy (two end-to-end files alone
// leave them 0-2 % idle, measured), so the suite's time follows its total work.
const started = Date.now();
await Promise.all([
  lane('build and end-to-end', [
    Object.assign(['build', 'npx', ['vite', 'build', '--logLevel', 'warn']], { stopsLane: true }),
    ['end-to-end tests (Chromium)', ...vitest('e2e')],
  ]),
  lane('checks, unit and server', [
    ['typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
    ['typecheck (domain/ and sync/ without DOM or Node)', 'npx', ['tsc', '-p', 'tsconfig.pure.json', '--noEmit']],
    ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
    ['format (Prettier, width 120)', 'npx', ['prettier', '--check', '.']],
    ['unit tests', ...vitest('unit')],
    [`server tests (PGlite${process.env.DATABASE_URL ? ' and PostgreSQL' : ''})`, ...vitest('server')],
  ]),
]);
console.log(`\nall steps in ${((Date.now() - started) / 1000).toFixed(0)} s (lanes: ${laneTimes.join('; ')})`);

console.log('');
if (failures.length) console.log(`Failed tests:\n${failures.map((f) => `  ✗ ${f}`).join('\n')}\n`);
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join(', ')}`);
console.log(
  `tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(failedSteps.length ? 1 : 0);
