import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startPglite } from './start';

// PostgreSQL in single-user mode (PGlite) has no checkpointer of its own: the worker checkpoints
// once writes pause, so a kill -9 after a burst leaves little WAL to replay.
// PGlite only: the PostgreSQL run (DATABASE_URL) has a server with its own checkpointer.
describe.skipIf(process.env.DATABASE_URL)('PGlite worker checkpoints', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'causemint-checkpoint-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('checkpoints once a burst of writes has paused, and not during one', async () => {
    const started = startPglite(dataDir);
    const client = await started.client;
    try {
      const walBehind = async () => {
        const result = await client.query('select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), (select redo_lsn from pg_control_checkpoint()))::float8 as behind') as { rows: { behind: number }[] };
        return Number(result.rows[0].behind);
      };
      await client.exec('create table burst (x text)');
      // Writes every few hundred milliseconds: the WAL keeps moving, so no checkpoint.
      for (let i = 0; i < 12; i++) {
        await client.exec(`insert into burst select repeat('x', 1000) from generate_series(1, 4000)`);
        await new Promise((r) => setTimeout(r, 400));
      }
      const afterBurst = await walBehind();
      expect(afterBurst).toBeGreaterThan(16 * 1024 * 1024);
      // Two quiet polls of 2 s: the WAL did not move, so the worker checkpoints.
      let behind = afterBurst;
      for (let i = 0; i < 40 && behind >= 16 * 1024 * 1024; i++) {
        await new Promise((r) => setTimeout(r, 250));
        behind = await walBehind();
      }
      expect(behind).toBeLessThan(1024 * 1024);
    } finally {
      await client.close();
      started.releaseLock();
    }
  });
});
