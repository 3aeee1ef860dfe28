import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: [
            'domain/**/*.test.ts',
            'sync/**/*.test.ts',
            'src/**/*.test.{ts,tsx}',
            'workers/**/*.test.ts',
            'tests/unit/**/*.test.ts',
          ],
          environment: 'node',
          // 129 files of quick tests: isolated, each imported its modules again (177 s for 25 s of
          // tests while the other lane ran). A file that changes a global puts it back (afterEach).
          isolate: false,
        },
      },
      {
        test: {
          name: 'server',
          sequence: { groupOrder: 1 },
          include: ['server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          maxWorkers: 2,
          // The files of one worker share its modules: each isolated file loaded the server and
          // compiled PGlite's WebAssembly again (imports 671 s in CI; 57 s shared).
          // Every file still starts its own database and server; what modules keep is caches.
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          // expect.poll waits for what a person would see; vitest's 1 s default is shorter than a
          // loaded 2-core machine needs to render it (a wait, not a speed assertion).
          expect: { poll: { timeout: 15_000, interval: 100 } },
          include: ['tests/e2e/**/*.test.ts', 'tests/fault/**/*.test.ts'],
          // The server bundled once for the run's many starts (tests/e2e/support/server-bundle.ts).
          globalSetup: ['tests/e2e/support/server-bundle.ts'],
          // A worker's files share the modules they import (playwright, the seeded template's
          // helpers): each file still starts its own server and browser.
          isolate: false,
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          pool: 'forks',
          // Two files at a time, each with its own server and browser (Chromium's processes take
          // most of the CPU; two files keep both cores busy). E2E_WORKERS=1 runs them one by one.
          maxWorkers: Number(process.env.E2E_WORKERS || 2),
        },
      },
    ],
  },
});
