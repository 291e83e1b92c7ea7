import { defineConfig } from 'vitest/config';

// Browser files that run on the second server (project e2e-b). The browser suite mostly waits (pages,
// polls, the ledger's slots), so two servers with one file each at a time nearly halve its time on
// 2 cores. Files in one project share a server and run one after another; these hold about half the time.
const E2E_SECOND_SERVER = [
  'e2e/campaignPages.test.ts', 'e2e/trade.test.ts', 'e2e/crawl.test.ts', 'e2e/officialToken.test.ts', 'e2e/follows.test.ts',
  'e2e/cookies.test.ts', 'e2e/walletExtensions.test.ts', 'e2e/reports.test.ts', 'e2e/walletRealCluster.test.ts',
  'e2e/adminSecurity.test.ts', 'e2e/donationWallet.test.ts', 'e2e/trustLists.test.ts', 'e2e/securityHeaders.test.ts',
];

/** A browser project: its own server (e2e/globalSetup.ts), its files one at a time; projects of one group run together. */
function e2eProject(name: string, files: { include: string[]; exclude?: string[] }) {
  return {
    test: {
      name,
      sequence: { groupOrder: 2 },
      ...files,
      environment: 'node',
      testTimeout: 90_000,
      hookTimeout: 180_000,
      fileParallelism: false,
      globalSetup: ['e2e/globalSetup.ts'],
    },
  };
}

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
        },
      },
      e2eProject('e2e', { include: ['e2e/**/*.test.ts'], exclude: ['e2e/fleet/**', ...E2E_SECOND_SERVER] }),
      e2eProject('e2e-b', { include: E2E_SECOND_SERVER }),
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
