// The process entry. PGlite starts opening first thing: its start-up runs in a worker thread,
// on the other core, while the rest of the server loads (about as long on a 2-core machine).
// server/roles.ts reads the configuration and starts the roles.
import { startPgliteEarly } from './db/pglite/start';

const pglite = startPgliteEarly(process.env);
const { main } = await import('./roles');
await main({ pglite });
