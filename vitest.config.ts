import { defineConfig } from 'vitest/config';

// Four suites: pure code, the database/ledger suite (run twice in CI: PGlite and PostgreSQL),
// browser tests against started servers, and the fleet.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['core/**/*.test.ts', 'app/**/*.test.{ts,tsx}'],
          environment: 'node',
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
          // Each test file builds its own app, database and ledger, so files need no fresh
          // module graph: reusing a worker's loaded modules halves the suite's time.
          isolate: false,
          globalSetup: ['server/testing/globalSetup.ts'],
          setupFiles: ['server/testing/closeConnections.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          include: ['e2e/**/*.test.ts'],
          exclude: ['e2e/fleet/**'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 180_000,
          // Two files at a time, each worker on a server of its own (e2e/globalSetup.ts starts
          // E2E_SERVERS, e2e/baseUrl.ts picks the worker's): a server still sees one file at a
          // time, and the suite, which mostly waits on pages, polls and slots, takes half as long.
          pool: 'forks',
          maxWorkers: 2,
          globalSetup: ['e2e/globalSetup.ts'],
        },
      },
      {
        test: {
          // The fleet (a ledger process, web processes behind nginx, workers) on PostgreSQL:
          // `npm run test:fleet` with DATABASE_URL (.ci/run gives it the local server).
          name: 'fleet',
          sequence: { groupOrder: 3 },
          include: ['e2e/fleet/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          globalSetup: ['e2e/fleet/globalSetup.ts'],
        },
      },
    ],
  },
});
