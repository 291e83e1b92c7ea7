import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { cidFromSha256 } from './cid';
import { LocalStore } from './localStore';

describe('LocalStore', () => {
  const dirs: string[] = [];
  const newStore = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'causemint-store-'));
    dirs.push(dir);
    return LocalStore.forDataDir(dir);
  };
  afterEach(() => { for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true }); });

  const stage = async (store: LocalStore, bytes: Buffer) => {
    const temp = await store.tempPath();
    fs.writeFileSync(temp, bytes);
    return { path: temp, cid: cidFromSha256(createHash('sha256').update(bytes).digest()), size: bytes.length, contentType: 'image/gif' };
  };

  it('stores bytes under their CID with a content-type sidecar, once however often they are put', async () => {
    const store = newStore();
    const bytes = Buffer.from('GIF89a same bytes');
    const results = await Promise.all([1, 2, 3].map(async () => store.put(await stage(store, bytes))));
    const cid = results[0].ipfsHash;
    expect(results.every((r) => r.ipfsHash === cid && r.url === `/ipfs/${cid}`)).toBe(true);
    expect(fs.readdirSync(store.dir).filter((f) => !f.startsWith('.')).sort()).toEqual([cid, `${cid}.json`]);
    expect(await store.get(cid)).toEqual({ path: path.join(store.dir, cid), size: bytes.length, contentType: 'image/gif' });
    expect(fs.readFileSync(path.join(store.dir, cid)).equals(bytes)).toBe(true);
    expect(await store.get('nonsense')).toBeNull();
  });

  it('removes a stored file and its sidecar; removing one that is absent (or a malformed CID) is no error', async () => {
    const store = newStore();
    const kept = await store.put(await stage(store, Buffer.from('GIF89a kept')));
    const gone = await store.put(await stage(store, Buffer.from('GIF89a gone')));
    await store.remove(gone.ipfsHash);
    expect(await store.get(gone.ipfsHash)).toBeNull();
    expect(fs.readdirSync(store.dir).filter((f) => !f.startsWith('.')).sort()).toEqual([kept.ipfsHash, `${kept.ipfsHash}.json`]);
    await store.remove(gone.ipfsHash);
    await store.remove('../../etc/passwd');
    expect(await store.get(kept.ipfsHash)).not.toBeNull();
  });

  it('sweeps staged files left behind by a crash, and only old ones', async () => {
    const store = newStore();
    const old = await store.tempPath();
    const fresh = await store.tempPath();
    fs.writeFileSync(old, 'x');
    fs.writeFileSync(fresh, 'y');
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    fs.utimesSync(old, twoHoursAgo, twoHoursAgo);
    expect(await store.sweepTemp(3_600_000)).toBe(1);
    expect(fs.existsSync(old)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
  });
});
