// `npm run bench:sync`: the sync benchmarks. Node sections run once per database
// (PGlite always; PostgreSQL when BENCH_DATABASE_URL is set or 127.0.0.1:5432 answers), then
// the browser sections on PGlite. Prints a table per section; writes only to the temp dir.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DbKind } from '../server/db/database';
import { printSection, type SectionResult } from './support/report';
import { openTarget, postgresServerUrl } from './support/target';
import { browserSections } from './sync/browser';
import { drainSection, durabilitySection } from './sync/drain';
import { pullSection } from './sync/pull';
import type { SyncSection } from './sync/sections';

export const nodeSections: SyncSection[] = [drainSection, durabilitySection, pullSection];

/** BENCH_SYNC_SECTIONS=drain,durability runs only the sections named (all when unset). */
const chosen = (all: SyncSection[]) => {
  const names = process.env.BENCH_SYNC_SECTIONS?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return names?.length ? all.filter((s) => names.includes(s.name)) : all;
};

export async function run(
  sections: SyncSection[] = chosen([...nodeSections, ...browserSections]),
): Promise<SectionResult[]> {
  const postgres = await postgresServerUrl();
  const kinds: DbKind[] = postgres ? ['pglite', 'postgres'] : ['pglite'];
  console.log(`sync benchmark: databases ${kinds.join(', ')}${postgres ? '' : ' (PostgreSQL not reachable: skipped)'}`);
  const results: SectionResult[] = [];
  for (const kind of kinds) {
    const wanted = sections.filter((s) => s.databases === 'each' || kind === 'pglite');
    if (wanted.length === 0) continue;
    // A fresh database and server per kind; sections share it in order.
    const target = await openTarget(kind, postgres ?? undefined);
    try {
      for (const section of wanted) {
        const started = performance.now();
        const result = await section.run(target);
        result.notes = [
          ...(result.notes ?? []),
          `section wall time ${((performance.now() - started) / 1000).toFixed(1)} s`,
        ];
        printSection(result);
        results.push(result);
      }
    } finally {
      await target.close();
    }
  }
  const out = join(tmpdir(), `gatehouse-bench-sync-${Date.now()}.json`);
  writeFileSync(out, JSON.stringify(results, null, 2));
  console.log(`\nfigures also written to ${out}`);
  return results;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const started = performance.now();
  run().then(
    () => {
      console.log(`sync benchmark done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
