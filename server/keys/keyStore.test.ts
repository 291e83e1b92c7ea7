import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import bs58 from 'bs58';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Keypair } from '@solana/web3.js';
import type { Database } from '../db/client';
import { platformKeys } from '../db/schema';
import { loadEnv } from '../env';
import { createTestDatabase, truncateAll } from '../testing/db';
import { createKeyStore, SECRET_FILE_NAME } from './index';

const WRONG = 'Cannot decrypt platform keys: KEY_ENCRYPTION_SECRET does not match the one they were stored with';

let database: Database;
let cleanup: () => Promise<void>;
const dirs: string[] = [];

beforeAll(async () => {
  ({ database, cleanup } = await createTestDatabase());
});
afterAll(async () => {
  await cleanup();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => { await truncateAll(database); });

function freshDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'causemint-keys-'));
  dirs.push(dir);
  return dir;
}

function store(dataDir: string, secret?: string) {
  const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, ...(secret ? { KEY_ENCRYPTION_SECRET: secret } : {}) });
  return createKeyStore({ db: database.db, env });
}

const same = (a: Keypair, b: Keypair) => {
  expect(a.publicKey.toBase58()).toBe(b.publicKey.toBase58());
  expect(Buffer.from(a.secretKey).equals(Buffer.from(b.secretKey))).toBe(true);
};

describe('platform key store', () => {
  it('stores keys and gives the same ones back, in this store and a new one', async () => {
    const dir = freshDataDir();
    const first = store(dir);
    const distributor = await first.getOrCreate('distributor', 'req-1');
    same(await first.getOrCreate('distributor', 'req-1'), distributor);
    same(await first.load(distributor.publicKey.toBase58()), distributor);

    const other = await first.getOrCreate('distributor', 'req-2');
    const funding = await first.getOrCreate('funding', 'req-1');
    const treasury = await first.treasury();
    const poolAuthority = await first.poolAuthority();
    const all = [distributor, other, funding, treasury, poolAuthority].map((k) => k.publicKey.toBase58());
    expect(new Set(all).size).toBe(5);

    // A second store has no cache: everything comes from the database and the secret file.
    const second = store(dir);
    same(await second.getOrCreate('distributor', 'req-1'), distributor);
    same(await second.load(funding.publicKey.toBase58()), funding);
    same(await second.treasury(), treasury);
    same(await second.poolAuthority(), poolAuthority);
    await expect(second.load('11111111111111111111111111111111')).rejects.toThrow(/No platform key/);
    const rows = await database.db.select().from(platformKeys);
    expect(rows.map((r) => [r.role, r.reference]).sort()).toEqual([
      ['distributor', 'req-1'], ['distributor', 'req-2'], ['funding', 'req-1'], ['pool_authority', ''], ['treasury', ''],
    ]);
  });

  it('generates the secret once into DATA_DIR (mode 0600) and reuses it on the next start', async () => {
    const dir = freshDataDir();
    const file = path.join(dir, SECRET_FILE_NAME);
    expect(fs.existsSync(file)).toBe(false);
    const treasury = await store(dir).treasury();
    const secret = fs.readFileSync(file, 'utf8');
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const reopened = store(dir);
    same(await reopened.treasury(), treasury);
    expect(fs.readFileSync(file, 'utf8')).toBe(secret);

    // The generated secret works as KEY_ENCRYPTION_SECRET too, for moving to a configured one.
    same(await store(freshDataDir(), secret).treasury(), treasury);
  });

  it('writes no secret file when KEY_ENCRYPTION_SECRET is set', async () => {
    const dir = freshDataDir();
    const secret = 'a'.repeat(40);
    const treasury = await store(dir, secret).treasury();
    expect(fs.existsSync(path.join(dir, SECRET_FILE_NAME))).toBe(false);
    same(await store(freshDataDir(), secret).treasury(), treasury);
  });

  it('returns one key to concurrent callers for the same role and reference', async () => {
    const a = store(freshDataDir(), 'b'.repeat(40));
    const b = store(freshDataDir(), 'b'.repeat(40));
    const results = await Promise.all(Array.from({ length: 24 }, (_, i) => (i % 2 ? a : b).getOrCreate('pool', 'campaign-7')));
    expect(new Set(results.map((k) => k.publicKey.toBase58())).size).toBe(1);
    const treasuries = await Promise.all([a.treasury(), b.treasury(), a.treasury(), b.treasury()]);
    expect(new Set(treasuries.map((k) => k.publicKey.toBase58())).size).toBe(1);
    const count = await database.db.execute(sql`select role, reference, count(*)::int as n from platform_keys group by role, reference`);
    const rows = Array.isArray(count) ? count : (count as unknown as { rows: unknown[] }).rows;
    expect(rows).toEqual(expect.arrayContaining([
      { role: 'pool', reference: 'campaign-7', n: 1 }, { role: 'treasury', reference: '', n: 1 },
    ]));
    expect(rows).toHaveLength(2);
  });

  it('fails loudly with a wrong secret, and stores nothing under it', async () => {
    const right = store(freshDataDir(), 'c'.repeat(40));
    const treasury = await right.treasury();
    const wrong = store(freshDataDir(), 'd'.repeat(40));
    await expect(wrong.treasury()).rejects.toThrow(WRONG);
    await expect(wrong.load(treasury.publicKey.toBase58())).rejects.toThrow(WRONG);
    await expect(wrong.getOrCreate('funding', 'req-9')).rejects.toThrow(WRONG);
    expect(await database.db.select().from(platformKeys)).toHaveLength(1);

    // A lost secret file is the same situation: a new one is generated and cannot open the keys.
    await truncateAll(database);
    const dir = freshDataDir();
    await store(dir).poolAuthority();
    fs.rmSync(path.join(dir, SECRET_FILE_NAME));
    await expect(store(dir).poolAuthority()).rejects.toThrow(WRONG);
  });

  it('keeps no secret key, in any encoding, and no secret in the database', async () => {
    const secret = 'e'.repeat(40);
    const s = store(freshDataDir(), secret);
    const keys = [await s.treasury(), await s.poolAuthority(), await s.getOrCreate('funding', 'r'), await s.getOrCreate('distributor', 'r')];

    const dump = await database.db.execute(sql`select row_to_json(k)::text as json, ciphertext, iv, auth_tag from platform_keys k`);
    const rows = (Array.isArray(dump) ? dump : (dump as unknown as { rows: unknown[] }).rows) as
      { json: string; ciphertext: Uint8Array; iv: Uint8Array; auth_tag: Uint8Array }[];
    expect(rows).toHaveLength(4);
    const text = rows.map((r) => r.json).join('\n');
    const bytes = Buffer.concat(rows.flatMap((r) => [r.ciphertext, r.iv, r.auth_tag].map((b) => Buffer.from(b))));
    expect(text).not.toContain(secret);
    for (const key of keys) {
      const full = Buffer.from(key.secretKey);
      const seed = full.subarray(0, 32);
      expect(text).toContain(key.publicKey.toBase58());
      for (const encoded of [full.toString('hex'), seed.toString('hex'), full.toString('base64'), seed.toString('base64'), bs58.encode(full), bs58.encode(seed)]) {
        expect(text).not.toContain(encoded);
      }
      // Any 8-byte window of the seed would already be a leak.
      for (let i = 0; i + 8 <= seed.length; i++) expect(bytes.indexOf(seed.subarray(i, i + 8))).toBe(-1);
      expect(bytes.indexOf(full.subarray(32))).toBe(-1);
    }
  });
});
