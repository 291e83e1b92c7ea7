import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';

// Prepares one migrated database that every test file clones: a PGlite data directory,
// or with DATABASE_URL a template database on the PostgreSQL server. Cloning costs well
// under a second where opening and migrating a new PGlite costs about four.
export default async function setup(project: TestProject) {
  const runId = `${Date.now().toString(36)}${process.pid}`;
  const url = process.env.DATABASE_URL;
  if (url) {
    const pg = (await import('pg')).default;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const template = `causemint_tpl_${runId}`;
    await admin.query(`create database ${template}`);
    const templateUrl = withDatabase(url, template);
    const database = await openDatabase({ databaseUrl: templateUrl });
    await database.close();
    project.provide('dbTemplate', { kind: 'postgres', url, template, runId });
    return async () => {
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like $1 or datname = $2`, [`causemint_t_${runId}_%`, template]);
      for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
      await admin.end();
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'causemint-tpl-'));
  const database = await openDatabase({ dataDir: dir });
  await database.close();
  project.provide('dbTemplate', { kind: 'pglite', dir: path.join(dir, 'db'), runId });
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate:
      | { kind: 'postgres'; url: string; template: string; runId: string }
      | { kind: 'pglite'; dir: string; runId: string };
  }
}
