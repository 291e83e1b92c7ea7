import fs from 'node:fs';
import path from 'node:path';
import { PgliteWorkerClient } from './workerClient';

/** PGlite starting in its worker thread on `<dataDir>/db` (in memory without a dataDir), the directory's lock taken. */
export type StartingPglite = {
  dataDir: string | undefined;
  /** Ready to query; rejects when the database cannot open (the lock is then released). */
  client: Promise<PgliteWorkerClient>;
  releaseLock: () => void;
  /** No database was there yet: PGlite creates its files and every migration runs (the slow first start). */
  firstStart: boolean;
};

/**
 * Takes the data directory's lock and starts the worker. A failure (the directory in use by
 * another process, say) comes back as the rejected `client`, for whoever opens the database.
 */
export function startPglite(dataDir: string | undefined): StartingPglite {
  let releaseLock = () => {};
  let client: Promise<PgliteWorkerClient>;
  let firstStart = false;
  try {
    let dir: string | undefined;
    if (dataDir) {
      dir = path.join(dataDir, 'db');
      firstStart = !fs.existsSync(path.join(dir, 'PG_VERSION'));
      fs.mkdirSync(dir, { recursive: true });
      releaseLock = takeDirectoryLock(path.join(dataDir, 'db.lock'));
    }
    client = PgliteWorkerClient.open(dir);
  } catch (err) {
    client = Promise.reject(err);
  }
  client.catch(() => releaseLock());
  return { dataDir, client, releaseLock: () => releaseLock(), firstStart };
}

/**
 * The process entry's head start (server/main.ts): PGlite on the data directory loadEnv will
 * name, started before the rest of the server loads. Its WASM start-up takes about as long as
 * loading the server's modules and runs on the other core. Undefined with DATABASE_URL
 * (PostgreSQL, or a value loadEnv refuses).
 */
export function startPgliteEarly(source: Record<string, string | undefined>): StartingPglite | undefined {
  // Read as loadEnv reads them: an empty value is unset.
  if (source.DATABASE_URL) return undefined;
  return startPglite(path.resolve(source.DATA_DIR || '.data'));
}

/** Gives up a started PGlite nobody will use: its worker stopped, its lock released. */
export function discardPglite(starting: StartingPglite): void {
  starting.client.then((client) => client.close()).catch(() => {}).finally(() => starting.releaseLock());
}

/** Two processes opening one PGlite directory corrupt it (PGlite has no lock of its own). */
function takeDirectoryLock(lockPath: string): () => void {
  try {
    const fd = fs.openSync(lockPath, 'wx');
    fs.writeSync(fd, String(process.pid));
    fs.closeSync(fd);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const holder = Number(fs.readFileSync(lockPath, 'utf8'));
    if (holder && holder !== process.pid && isAlive(holder)) {
      throw new Error(`The database in ${path.dirname(lockPath)} is in use by process ${holder}. Stop it first, or set DATA_DIR to another folder.`);
    }
    fs.writeFileSync(lockPath, String(process.pid));
  }
  return () => { try { if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath); } catch { /* already gone */ } };
}

function isAlive(pid: number): boolean {
  try { process.kill(pid, 0); return true; } catch (err) { return (err as NodeJS.ErrnoException).code === 'EPERM'; }
}
