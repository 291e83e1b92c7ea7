// PGlite in a worker thread (server/db/pglite/workerClient.ts is the other half). The
// database's WASM, its wire-protocol parsing and its file writes run here, on their own
// event loop, so a burst of background queries never holds up a request on the main
// thread: a query there is a message, as it is to a PostgreSQL server. Plain JavaScript,
// so the same file runs under tsx, vitest and the built server.
//
// Messages in: { id, type, ... } for query, exec, begin, end, listen, unlisten, close.
// Messages out: { id, result } or { id, error }, { type: 'notify', channel, payload }, { type: 'ready' }.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const db = new PGlite(workerData.dir ?? undefined, { extensions: { pg_trgm } });
/** Open transactions by the main thread's id: the tx handle, and how to end it. */
const transactions = new Map();
const unlisteners = new Map();
const ROLLBACK = Symbol('rollback');

const identity = (value) => value;

function optionsOf(message) {
  const options = {};
  if (message.rowMode) options.rowMode = message.rowMode;
  // The main thread's parsers are functions (not cloneable): the ones drizzle passes keep a type's text.
  if (message.textTypes?.length) options.parsers = Object.fromEntries(message.textTypes.map((type) => [type, identity]));
  return options;
}

function targetOf(message) {
  if (message.txId === undefined) return db;
  const open = transactions.get(message.txId);
  if (!open?.tx) throw new Error('Transaction is closed');
  return open.tx;
}

async function begin(txId) {
  const open = {};
  const begun = new Promise((resolve, reject) => {
    open.done = db.transaction(async (tx) => {
      open.tx = tx;
      await new Promise((commit, rollback) => {
        open.end = (yes) => (yes ? commit() : rollback(ROLLBACK));
        resolve();
      });
    });
    // A BEGIN that failed never reached the callback.
    open.done.catch(reject);
  });
  transactions.set(txId, open);
  try {
    await begun;
  } catch (err) {
    transactions.delete(txId);
    throw err;
  }
}

async function end(txId, commit) {
  const open = transactions.get(txId);
  if (!open) return null;
  open.end(commit);
  try {
    await open.done;
  } catch (err) {
    if (err !== ROLLBACK) throw err;
  } finally {
    transactions.delete(txId);
  }
  return null;
}

async function handle(message) {
  switch (message.type) {
    case 'query': return targetOf(message).query(message.sql, message.params ?? [], optionsOf(message));
    case 'exec': return targetOf(message).exec(message.sql);
    case 'begin': return begin(message.txId);
    case 'end': return end(message.txId, message.commit);
    case 'listen': {
      if (!unlisteners.has(message.channel)) {
        unlisteners.set(message.channel, await db.listen(message.channel, (payload) => {
          parentPort.postMessage({ type: 'notify', channel: message.channel, payload });
        }));
      }
      return null;
    }
    case 'unlisten': {
      const unlisten = unlisteners.get(message.channel);
      unlisteners.delete(message.channel);
      await unlisten?.();
      return null;
    }
    case 'close': clearInterval(checkpoints); await db.close(); return null;
    default: throw new Error(`Unknown database message: ${message.type}`);
  }
}

/** An error as plain data: its message and PostgreSQL's fields (code, constraint, detail, ...). */
function errorData(err) {
  if (!(err instanceof Error)) return { message: String(err) };
  const data = { name: err.name, message: err.message };
  for (const [key, value] of Object.entries(err)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) data[key] = value;
  }
  return data;
}

parentPort.on('message', (message) => {
  handle(message).then(
    (result) => parentPort.postMessage({ id: message.id, result }),
    (err) => parentPort.postMessage({ id: message.id, error: errorData(err) }),
  );
});

// PGlite runs PostgreSQL in single-user mode: there is no background checkpointer, so only
// max_wal_size (1 GB of WAL) ever starts a checkpoint, and a process killed after a burst of
// writes replays all of it on its next start (seconds: 2 s for 60,000 ledger transactions).
// Once writes pause (the WAL has not moved for a poll), a checkpoint bounds what a crash leaves
// to replay; under steady writes nothing changes, and a query never waits behind one mid-burst.
const CHECKPOINT_POLL_MS = 2000;
const CHECKPOINT_MIN_WAL_BYTES = 16 * 1024 * 1024;
let lastLsn = null;
async function checkpointWhenQuiet() {
  if (transactions.size > 0) { lastLsn = null; return; }
  const { rows: [row] } = await db.query(`select pg_current_wal_insert_lsn()::text as lsn,
    pg_wal_lsn_diff(pg_current_wal_insert_lsn(), (select redo_lsn from pg_control_checkpoint()))::float8 as behind`);
  const quiet = row.lsn === lastLsn;
  lastLsn = row.lsn;
  if (quiet && row.behind >= CHECKPOINT_MIN_WAL_BYTES && transactions.size === 0) {
    const t0 = performance.now(); await db.exec('CHECKPOINT'); process.stderr.write(`CHECKPOINT ${row.behind} bytes ${(performance.now()-t0).toFixed(0)} ms\n`);
    lastLsn = null;
  }
}
const checkpoints = workerData.dir
  ? setInterval(() => { checkpointWhenQuiet().catch(() => {}); }, CHECKPOINT_POLL_MS)
  : undefined;
checkpoints?.unref();

db.waitReady.then(
  () => parentPort.postMessage({ type: 'ready' }),
  (err) => parentPort.postMessage({ type: 'failed', error: errorData(err) }),
);
