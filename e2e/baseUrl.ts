import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

/** How long a file waits for a server to come free: the one before it in a worker may still be exiting. */
const CLAIM_TIMEOUT_MS = 120_000;

let claimed: string | undefined;

/**
 * A shared server (e2e/globalSetup.ts starts one per worker) that no other file is using: the
 * file's process claims it with a lock file holding its pid (created exclusively), kept until
 * the process exits. A lock whose process is gone is stale and taken over. So two files running
 * at once never share a server, whatever worker ids vitest hands out.
 */
export function sharedBaseUrl(): string {
  if (claimed) return claimed;
  const urls = inject('baseUrls');
  const dir = inject('serverLocks');
  const deadline = Date.now() + CLAIM_TIMEOUT_MS;
  for (;;) {
    for (const [i, url] of urls.entries()) {
      const lock = path.join(dir, `server-${i}.lock`);
      if (tryLock(lock)) {
        releaseAtExit(lock);
        claimed = url;
        if (process.env.E2E_DEBUG_CLAIMS) console.log('claimed', url, process.pid);
        return url;
      }
    }
    if (Date.now() > deadline) throw new Error(`no shared e2e server came free within ${CLAIM_TIMEOUT_MS / 1000} s`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
  }
}

const RELEASE = Symbol.for('causemint.e2e.serverLockRelease');

/** Once per process (its modules may be loaded again for each file it runs). */
function releaseAtExit(lock: string): void {
  const owner = process as NodeJS.Process & { [RELEASE]?: true };
  if (owner[RELEASE]) return;
  owner[RELEASE] = true;
  process.once('exit', () => { if (readPid(lock) === process.pid) fs.rmSync(lock, { force: true }); });
}

function tryLock(lock: string): boolean {
  try {
    fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
    return true;
  } catch {
    const pid = readPid(lock);
    // A process that runs file after file keeps its server.
    if (pid === process.pid) return true;
    if (pid !== undefined && !alive(pid)) fs.rmSync(lock, { force: true });
    return false;
  }
}

function readPid(lock: string): number | undefined {
  try { return Number(fs.readFileSync(lock, 'utf8')) || undefined; } catch { return undefined; }
}

function alive(pid: number): boolean {
  try { process.kill(pid, 0); return true; } catch (err) { return (err as NodeJS.ErrnoException).code === 'EPERM'; }
}
