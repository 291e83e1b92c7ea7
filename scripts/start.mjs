// `npm start`: build the React app and the server if needed, then run the built server
// (one process: web, API, jobs).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildAppIfNeeded } from './build-if-needed.mjs';
import { SERVER_DIST, buildServerIfNeeded } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
try {
  await buildAppIfNeeded();
  await buildServerIfNeeded();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
// Source maps: stack traces name server/*.ts lines, not the bundle's.
const server = spawn(process.execPath, ['--enable-source-maps', SERVER_DIST, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
