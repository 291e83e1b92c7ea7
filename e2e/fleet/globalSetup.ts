import type { TestProject } from 'vitest/node';
// @ts-expect-error plain ESM script without types
import { buildAppIfNeeded } from '../../scripts/build-if-needed.mjs';
// @ts-expect-error plain ESM script without types
import { buildServerIfNeeded } from '../../scripts/build-server.mjs';

// The fleet suite needs a PostgreSQL server it may create databases on (each file makes its
// own, dropped at the end) and the built app and server (fleets start from dist/, in seconds).
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('The fleet suite runs on PostgreSQL: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run test:fleet');
  await buildAppIfNeeded({ quiet: true });
  await buildServerIfNeeded({ quiet: true });
  const runId = `${Date.now().toString(36)}${process.pid}`;
  project.provide('fleetDatabase', { url, runId });
  return async () => {
    const pg = (await import('pg')).default;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [`causemint_fleet_${runId}_%`]);
    for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
    await admin.end();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    fleetDatabase: { url: string; runId: string };
  }
}
