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

  it('keeps files for the newest slots only: older directories, and other geneses, are removed; an older block is not written back', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'causemint-blockfiles-'));
    dirs.push(root);
    const reset = new BlockFiles(root, log);
    reset.start('genesisOld', 0n);
    reset.save(7n, 'json', '{"old":1}', 1n);
    await reset.close();

    const files = new BlockFiles(root, log, { keepSlots: 10_000 });
    files.start('genesisA', 0n);
    files.save(5n, 'json', '{"a":5}', 1n);
    files.save(15_000n, 'json', '{"a":15000}', 1n);
    await until(async () => (await files.read(15_000n, 'json')) !== null && !fs.existsSync(path.join(root, 'genesisOld')));
    expect(fs.readdirSync(root)).toEqual(['genesisA']);
    expect(await files.read(5n, 'json')).not.toBeNull();

    // The tip enters slot 25,000's directory: slots before 15,000 keep no file.
    files.finish(25_000n);
    await until(async () => (await files.read(5n, 'json')) === null);
    expect(await files.read(5n, 'json')).toBeNull();
    expect((await files.read(15_000n, 'json'))!.list.toString()).toBe('{"a":15000}');
    files.save(6n, 'json', '{"a":6}', 1n);
    files.save(16_000n, 'json', '{"a":16000}', 1n);
    await files.close();
    expect(fs.readdirSync(path.join(root, 'genesisA'))).toEqual(['1']);
    expect(fs.readdirSync(path.join(root, 'genesisA', '1')).sort()).toEqual(['15000.json', '16000.json']);
  });
});
