import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { canonicalCid } from './cid';
import type { FileStore, ReceivedFile, StoredFile } from './fileStore';

export type LocalFile = { path: string; size: number; contentType: string };

/** The path uploads are served at: relative, so it survives a change of domain. */
export const ipfsPath = (cid: string) => `/ipfs/${cid}`;

/**
 * Content-addressed files on local disk: `<dir>/<cid>` holds the bytes and
 * `<dir>/<cid>.json` their content type. A file is only ever added by an atomic
 * rename, after its sidecar, so a reader never sees half a file; the same bytes
 * uploaded twice are stored once.
 */
export class LocalStore implements FileStore {
  readonly tmpDir: string;

  constructor(readonly dir: string) {
    this.tmpDir = path.join(dir, '.tmp');
  }

  static forDataDir(dataDir: string): LocalStore {
    return new LocalStore(path.join(dataDir, 'files'));
  }

  async ensureDirs(): Promise<void> {
    await fs.promises.mkdir(this.tmpDir, { recursive: true });
  }

  /** A fresh path for an incoming upload, on the same disk as the store (so rename is atomic). */
  async tempPath(): Promise<string> {
    await this.ensureDirs();
    return path.join(this.tmpDir, `${Date.now()}-${randomBytes(8).toString('hex')}`);
  }

  /** Removes staged uploads older than `maxAgeMs` (left by a crash mid-upload). */
  async sweepTemp(maxAgeMs: number, now = Date.now()): Promise<number> {
    let names: string[];
    try { names = await fs.promises.readdir(this.tmpDir); } catch { return 0; }
    let removed = 0;
    for (const name of names) {
      const full = path.join(this.tmpDir, name);
      const stat = await fs.promises.stat(full).catch(() => null);
      if (stat && now - stat.mtimeMs > maxAgeMs) {
        await fs.promises.rm(full, { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  async put(file: ReceivedFile): Promise<StoredFile> {
    await this.ensureDirs();
    const target = path.join(this.dir, file.cid);
    if (!fs.existsSync(target)) {
      const sidecar = `${target}.json`;
      const sidecarTmp = `${file.path}.json`;
      await fs.promises.writeFile(sidecarTmp, JSON.stringify({ contentType: file.contentType, size: file.size }));
      await fs.promises.rename(sidecarTmp, sidecar);
      await fs.promises.rename(file.path, target);
    }
    return { url: ipfsPath(file.cid), ipfsHash: file.cid };
  }

  /** Removes a CID's bytes, then its sidecar (a reader needs both, so it sees the file or nothing). */
  async remove(cid: string): Promise<void> {
    const canonical = canonicalCid(cid);
    if (!canonical) return;
    const target = path.join(this.dir, canonical);
    await fs.promises.rm(target, { force: true });
    await fs.promises.rm(`${target}.json`, { force: true });
  }

  /** The stored file for a CID, or null when absent (or the CID is malformed). */
  async get(cid: string): Promise<LocalFile | null> {
    const canonical = canonicalCid(cid);
    if (!canonical) return null;
    const target = path.join(this.dir, canonical);
    try {
      const [stat, sidecar] = await Promise.all([
        fs.promises.stat(target),
        fs.promises.readFile(`${target}.json`, 'utf8'),
      ]);
      const { contentType } = JSON.parse(sidecar) as { contentType: string };
      return { path: target, size: stat.size, contentType };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }
}
