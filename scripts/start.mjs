// `npm start`: build the React app if needed, then run the server (one process: web, API, jobs).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildAppIfNeeded } from './build-if-needed.mjs';

const root = path.resolve(import.meta.dirname, '..');
try {
  buildAppIfNeeded();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts'), ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
