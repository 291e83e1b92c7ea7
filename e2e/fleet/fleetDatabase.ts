import { inject } from 'vitest';

let next = 0;

/** A new, empty database on the suite's PostgreSQL server for one fleet (dropped after the run). */
export async function newFleetDatabase(): Promise<string> {
  const { url, runId } = inject('fleetDatabase');
  const name = `causemint_fleet_${runId}_${process.pid}_${next++}`;
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}
