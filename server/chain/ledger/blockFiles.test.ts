import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { BlockFiles } from './blockFiles';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const entry = (slot: bigint, seq: bigint) => ({ slot, seq, blockTime: 1_700_000_000n, entries: { json: `{"j":${seq}}`, parsed: `{"p":${seq}}` } });

describe('BlockFiles', () => {
  const dirs: string[] = [];
  const open = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'causemint-blockfiles-'));
    dirs.push(dir);
    return new BlockFiles(dir, log);
  };
  afterEach(() => { for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true }); });
  const until = async (done: () => Promise<boolean>) => {
    for (let i = 0; i < 100 && !await done(); i++) await new Promise((r) => setTimeout(r, 10));
  };

  it('writes a slot once it is a finished block, its entries in execution order', async () => {
    const files = open();
    files.start('genesisA', 10n);
    files.committed([entry(11n, 3n), entry(12n, 5n)]);
    files.committed([entry(11n, 2n)]);
    files.finish(10n);
    files.finish(11n);
    await until(async () => (await files.read(11n, 'parsed')) !== null);
    expect((await files.read(11n, 'json'))!.list.toString()).toBe('{"j":2},{"j":3}');
    expect((await files.read(11n, 'parsed'))!.list.toString()).toBe('{"p":2},{"p":3}');
    expect((await files.read(11n, 'json'))!.blockTime).toBe(1_700_000_000n);
    // Slot 12 is still open: nothing of it is written.
    expect(await files.read(12n, 'json')).toBeNull();
  });

  it('leaves the slot it opened in to the database (an earlier process committed its first transactions)', async () => {
    const files = open();
    files.start('genesisA', 10n);
    files.committed([entry(10n, 1n), entry(11n, 2n)]);
    files.finish(11n);
    await until(async () => (await files.read(11n, 'json')) !== null);
    expect(await files.read(10n, 'json')).toBeNull();
    expect(await files.read(11n, 'json')).not.toBeNull();
  });

  it('keeps each genesis apart: a reset ledger never reads the old chain\'s blocks', async () => {
    const a = open();
    a.start('genesisA', 0n);
    a.save(5n, 'json', '{"old":1}', 1n);
    await until(async () => (await a.read(5n, 'json')) !== null);
    const b = new BlockFiles(dirs[0], log);
    b.start('genesisB', 0n);
    expect(await b.read(5n, 'json')).toBeNull();
  });

  it('does not trust a file whose length differs from its header (torn by a crash)', async () => {
    const files = open();
    files.start('genesisA', 0n);
    files.save(5n, 'json', '{"a":1},{"b":2}', 1n);
    await until(async () => (await files.read(5n, 'json')) !== null);
    const file = path.join(dirs[0], 'genesisA', '0', '5.json');
    fs.writeFileSync(file, fs.readFileSync(file).subarray(0, -3));
    expect(await files.read(5n, 'json')).toBeNull();
  });
});
