// The process entry. PGlite starts opening first thing: its start-up runs in a worker thread,
// on the other core, while the rest of the server loads (about as long on a 2-core machine).
// server/roles.ts reads the configuration and starts the roles.
import v8 from 'node:v8';
import { startPgliteEarly } from './db/pglite/start';

// V8 optimises a WebAssembly function once it has run this much (default 1.8 MB of code
// executed). At the default, PGlite's own start-up gets hundreds of functions optimised on
// background threads: about a quarter of a second of CPU taken from a start that waits for
// the CPU on 2 cores. Hot functions still get optimised, after their first few hundred queries.
v8.setFlagsFromString('--wasm-tiering-budget=10000000');
const pglite = startPgliteEarly(process.env);
const { main } = await import('./roles');
await main({ pglite });
