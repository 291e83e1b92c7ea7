// Builds the React app when dist/app is missing or older than its sources (package-lock.json by content).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function newestMtime(target) {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const LOCK_FILE = path.join(root, 'package-lock.json');

/** package-lock.json's content hash: `npm install` rewrites the file (a new mtime) without changing it. */
export function lockFileHash() {
  try { return createHash('sha256').update(fs.readFileSync(LOCK_FILE)).digest('hex'); } catch { return null; }
}

/** package-lock.json changed since a build that recorded `recorded`: its mtime says maybe, its content decides. */
export function lockFileChanged(builtAtMs, recorded) {
  let mtime;
  try { mtime = fs.statSync(LOCK_FILE).mtimeMs; } catch { return recorded !== null && recorded !== undefined; }
  return mtime > builtAtMs && lockFileHash() !== recorded;
}

// Several test runs may build at once on one machine: a lock directory serialises them.
// fn may be async: the lock is held until its promise settles.
export function withLock(fn) {
  const lock = path.join(root, 'dist/.build-lock');
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  const deadline = Date.now() + 180_000;
  for (;;) {
    try { fs.mkdirSync(lock); break; } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      const age = Date.now() - fs.statSync(lock).mtimeMs;
      if (age > 180_000) { fs.rmSync(lock, { recursive: true, force: true }); continue; }
      if (Date.now() > deadline) throw new Error('timed out waiting for another build');
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
    }
  }
  const release = () => fs.rmSync(lock, { recursive: true, force: true });
  let result;
  try { result = fn(); } catch (err) { release(); throw err; }
  if (typeof result?.then === 'function') return result.finally(release);
  release();
  return result;
}

export function buildAppIfNeeded({ quiet = false } = {}) {
  return withLock(() => buildIfStale(quiet));
}

async function buildIfStale(quiet) {
  const built = path.join(root, 'dist/app/index.html');
  const info = path.join(root, 'dist/app-build-info.json');
  const sources = ['app', 'core', 'vite.config.ts'].map((p) => path.join(root, p)).filter((p) => fs.existsSync(p));
  const sourcesMtime = Math.max(...sources.map(newestMtime));
  if (fs.existsSync(built)) {
    const builtAt = fs.statSync(built).mtimeMs;
    let recorded = null;
    try { recorded = JSON.parse(fs.readFileSync(info, 'utf8')).lockHash; } catch { /* an older build: its lock file is unknown */ }
    if (builtAt >= sourcesMtime && !lockFileChanged(builtAt, recorded)) return false;
  }
  const lockHash = lockFileHash();
  await timedPhase(quiet ? null : 'Building the web app', () => new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build failed with exit code ${code}`))));
  }));
  fs.writeFileSync(info, `${JSON.stringify({ lockHash })}\n`);
  return true;
}

/**
 * A long start-up step a person waits for: its name when it starts, a line every 15 s while
 * it runs (a busy 2-core machine takes minutes to build, and silence reads as a hang), and
 * its time when it ends. `name` null: silent (test set-ups).
 */
export async function timedPhase(name, run) {
  if (!name) return run();
  const started = Date.now();
  const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
  console.log(`${name}...`);
  const ticker = setInterval(() => console.log(`  still ${name.charAt(0).toLowerCase()}${name.slice(1)} (${Math.round((Date.now() - started) / 1000)} s)`), 15_000);
  try {
    const result = await run();
    console.log(`${name}: done in ${seconds()} s`);
    return result;
  } finally {
    clearInterval(ticker);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await buildAppIfNeeded();
