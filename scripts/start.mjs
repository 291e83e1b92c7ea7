// `npm start`: build the React app and the server if needed, then run the built server in this
// process (one process: web, API, jobs; a second node process would cost its own start-up).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildAppIfNeeded } from './build-if-needed.mjs';
import { SERVER_DIST, buildServerIfNeeded } from './build-server.mjs';
import { mapStackTraces } from './stack-source-maps.mjs';

try {
  await buildAppIfNeeded();
  await buildServerIfNeeded();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
// Stack traces name server/*.ts lines, not the bundle's.
mapStackTraces(path.dirname(SERVER_DIST));
await import(pathToFileURL(SERVER_DIST).href);
