// `npm run bench`: every benchmark, one after another. Each prints its own tables; targets
// are reported as PASS or MISS and never fail the run. `npm run bench -- sync` runs one.
import { run as runSync } from './sync.bench';
import { run as runEmergency } from './emergency.bench';
import { run as runKiosk } from './kiosk.bench';
import { run as runDashboard } from './dashboard.bench';
import { run as runLighthouse } from './lighthouse.bench';
import { run as runReports } from './reports.bench';
import { run as runAutoSignOut } from './auto-sign-out.bench';

const BENCHMARKS: Record<string, () => Promise<unknown>> = {
  sync: () => runSync(),
  emergency: () => runEmergency(),
  kiosk: () => runKiosk(),
  dashboard: () => runDashboard(),
  lighthouse: () => runLighthouse(),
  reports: () => runReports(),
  'auto-sign-out': () => runAutoSignOut(),
};

const only = process.argv.slice(2);
const unknown = only.filter((name) => !(name in BENCHMARKS));
if (unknown.length) {
  console.error(`unknown benchmark(s): ${unknown.join(', ')}; known: ${Object.keys(BENCHMARKS).join(', ')}`);
  process.exit(2);
}

const started = performance.now();
try {
  for (const [name, bench] of Object.entries(BENCHMARKS)) {
    if (only.length && !only.includes(name)) continue;
    console.log(`\n######## ${name}`);
    await bench();
  }
  console.log(`\nbenchmarks done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  process.exit(0);
} catch (error) {
  console.error(error);
  process.exit(1);
}
