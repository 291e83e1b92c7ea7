import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../e2e/server';
import { createTestDatabase } from '../../testing/db';

const root = path.resolve(import.meta.dirname, '../../..');

/** Starts the real server process, waits until it is ready, stops it, and returns what it printed. */
async function startAndStop(env: Record<string, string>): Promise<string> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(ADMIN_|SOLANA_|DATABASE_URL$|NODE_ENV$|PORT$)/.test(k)));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
    cwd: root,
    env: { ...base, NODE_ENV: 'development', LOG_LEVEL: 'info', DEMO_ACTIVITY: 'off', DEMO_CAMPAIGNS: 'off', PORT: String(await freePort()), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => { stdout += d; });
  child.stderr.on('data', (d) => { stderr += d; });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server not ready:\n${stdout}\n${stderr}`)), 90_000);
    // The notice is the last thing a start prints.
    const check = () => { if (stdout.includes('Causemint is running.')) { clearTimeout(timer); resolve(); } };
    child.stdout.on('data', check);
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`server exited ${code}:\n${stdout}\n${stderr}`)); });
  });
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  return stdout;
}

describe('first admin at start-up (local mode, no ADMIN_USERNAME)', () => {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const made = await createTestDatabase();
    // The server process opens it itself (PGlite allows one process per directory).
    await made.database.close();
    cleanup = made.cleanup;
    env = { DATA_DIR: made.dataDir, ...(made.databaseUrl ? { DATABASE_URL: made.databaseUrl } : {}) };
  });
  afterAll(async () => { await cleanup(); });

  it('prints its phases with their times, then one framed notice once it answers: the URLs, and the generated password on the first start only', async () => {
    const first = await startAndStop(env);
    expect(first).toMatch(/\+-+\+\n\| Causemint is running\./);
    expect(first).toMatch(/\| {3}Open: {8}http:\/\/localhost:\d+ /);
    expect(first).toMatch(/\| {3}Admin login: http:\/\/localhost:\d+\/xk9j2m4p\/login /);
    expect(first).toContain('| An admin account was created');
    const password = /Password: (\S+)/.exec(first)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    // After the start's phases: the server answers by then.
    expect(first.indexOf('Causemint is running.')).toBeGreaterThan(first.indexOf('"msg":"Causemint ready"'));
    expect(first.indexOf('"msg":"Causemint ready"')).toBeGreaterThan(0);
    // Each start-up phase a person waits for is a line with its time, in order.
    const phases = ['database ready (migrations applied)', 'local ledger ready', 'Causemint ready'].map((msg) => {
      const line = first.split('\n').find((l) => l.includes(`"msg":"${msg}"`));
      expect(line, msg).toMatch(/"ms":\d+/);
      return first.indexOf(line!);
    });
    expect(phases).toEqual([...phases].sort((a, b) => a - b));
    // The log lines (JSON: stdout is not a terminal) never carry it, and no request is logged at info.
    const logLines = first.split('\n').filter((l) => l.startsWith('{'));
    for (const line of logLines) expect(line).not.toContain(password);
    expect(logLines.some((l) => l.includes('incoming request'))).toBe(false);

    const second = await startAndStop(env);
    expect(second).toContain('Causemint is running.');
    expect(second).not.toContain('An admin account was created');
    expect(second).not.toContain(password);
  });

  // PGlite's first start (an empty DATA_DIR) is the long wait: it is said before it starts.
  it.runIf(!process.env.DATABASE_URL)('says what the first start\'s silence is: the embedded database being created', async () => {
    const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'causemint-first-'));
    try {
      const out = await startAndStop({ DATA_DIR: fresh });
      const creating = out.indexOf('creating the embedded database in');
      expect(creating).toBeGreaterThan(-1);
      expect(creating).toBeLessThan(out.indexOf('database ready (migrations applied)'));
      expect(await startAndStop({ DATA_DIR: fresh })).not.toContain('creating the embedded database');
    } finally {
      fs.rmSync(fresh, { recursive: true, force: true });
    }
  });
});
