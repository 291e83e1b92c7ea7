// Builds the server ahead (dist/server/main.js) so a start runs plain JavaScript instead of
// compiling TypeScript through tsx. Rebuilt only when a source it bundled changed.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { lockFileChanged, lockFileHash, timedPhase, withLock } from './build-if-needed.mjs';

const root = path.resolve(import.meta.dirname, '..');
export const SERVER_DIST = path.join(root, 'dist/server/main.js');
const INFO = path.join(root, 'dist/server/build-info.json');
// Besides the bundled sources: this build's own settings (and the installed packages: package-lock.json, by content).
const ALWAYS_CHECKED = ['scripts/build-server.mjs', 'tsconfig.json'];

/** Why the built server is out of date, or null when it is current. */
export function serverBuildStale() {
  if (!fs.existsSync(SERVER_DIST) || !fs.existsSync(INFO)) return 'not built yet';
  let info;
  try { info = JSON.parse(fs.readFileSync(INFO, 'utf8')); } catch { return 'unreadable build info'; }
  // Source paths are baked into the bundle (see importMetaPaths): a moved checkout rebuilds.
  if (info.root !== root) return 'the checkout moved';
  if (lockFileChanged(info.startedAt, info.lockHash)) return 'package-lock.json changed';
  for (const rel of [...ALWAYS_CHECKED, ...info.inputs]) {
    let mtime;
    try { mtime = fs.statSync(path.join(root, rel)).mtimeMs; } catch { return `${rel} is gone`; }
    if (mtime > info.startedAt) return `${rel} changed`;
  }
  return null;
}

export async function buildServerIfNeeded({ quiet = false } = {}) {
  if (!serverBuildStale()) return false;
  return withLock(async () => {
    const reason = serverBuildStale();
    if (!reason) return false;
    await timedPhase(quiet ? null : `Building the server (${reason})`, buildServer);
    return true;
  });
}

/**
 * Each module's import.meta.url/dirname/filename becomes its source file's, so paths the
 * server resolves from its own location (the migrations folder, dist/app, package.json)
 * are the same in the bundle as under tsx.
 */
const importMetaPaths = {
  name: 'import-meta-paths',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await fs.promises.readFile(args.path, 'utf8');
      const contents = source
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path));
      return { contents, loader: 'ts' };
    });
  },
};

async function buildServer() {
  // Loaded only when a build is due: a current build starts without paying for esbuild.
  const esbuild = await import('esbuild');
  const startedAt = Date.now();
  const lockHash = lockFileHash();
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: ['server/main.ts'],
    outdir: path.dirname(SERVER_DIST),
    // main.js stays small (it starts PGlite, then imports the rest): the import()s become chunks.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // node_modules stay imports: native modules (litesvm, PGlite's wasm) load as they do under tsx.
    packages: 'external',
    sourcemap: 'linked',
    sourcesContent: false,
    // Bundling renames clashing top-level names; error and class names in logs stay the source's.
    keepNames: true,
    metafile: true,
    logLevel: 'warning',
    plugins: [importMetaPaths],
  });
  // esbuild's service process would otherwise live on beside the server `npm start` runs in this process.
  await esbuild.stop();
  const inputs = Object.keys(result.metafile.inputs).filter((p) => !p.startsWith('node_modules/'));
  // Chunks of earlier builds (their names carry a content hash) are no longer imported.
  const outputs = new Set(Object.keys(result.metafile.outputs).map((p) => path.resolve(root, p)));
  const chunks = path.join(path.dirname(SERVER_DIST), 'chunks');
  for (const file of fs.existsSync(chunks) ? fs.readdirSync(chunks) : []) {
    if (!outputs.has(path.join(chunks, file))) fs.rmSync(path.join(chunks, file), { force: true });
  }
  fs.writeFileSync(INFO, `${JSON.stringify({ root, startedAt, lockHash, inputs }, null, 1)}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await buildServerIfNeeded();
