// What most server benchmarks share: one section per database (PGlite, and PostgreSQL when it
// answers), each printed as it ends, and running the file itself as a script.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DbKind } from '../../server/db/database';
import { printSection, type SectionResult } from './report';
import { postgresServerUrl } from './target';

export async function onEachDatabase(
  section: (kind: DbKind, postgres: string | undefined) => Promise<SectionResult>,
): Promise<SectionResult[]> {
  const postgres = await postgresServerUrl();
  const results: SectionResult[] = [];
  for (const kind of (postgres ? ['pglite', 'postgres'] : ['pglite']) as DbKind[]) {
    const result = await section(kind, postgres ?? undefined);
    printSection(result);
    results.push(result);
  }
  return results;
}

/** Runs `run` when the module at `url` is the script node was started with. */
export function runWhenMain(url: string, run: () => Promise<unknown>): void {
  if (!process.argv[1] || url !== pathToFileURL(resolve(process.argv[1])).href) return;
  run().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
