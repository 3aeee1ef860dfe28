// The sections of the sync benchmark. Each takes a running target (database + HTTP server)
// and returns its figures; sync.bench.ts runs them in order and prints one table each.
import type { SectionResult } from '../support/report';
import type { BenchTarget } from '../support/target';

export interface SyncSection {
  name: string;
  /** 'each': once per available database (PGlite, then PostgreSQL); 'pglite': once, on PGlite. */
  databases: 'each' | 'pglite';
  run(target: BenchTarget): Promise<SectionResult>;
}
