import type { FastifyBaseLogger } from 'fastify';
import { openDatabase, type Database } from './db/client';
import type { StartingPglite } from './db/pglite/start';
import type { Env } from './env';
import { EventHub } from './events/hub';
import type { Services } from './services';
import { createChain } from './chain/service';
import { createKeyStore } from './keys';
import { createTradeBus } from './curve/tradeBus';
import { seedDatabase } from './db/seed';
import { refuseRetiredCustodialData } from './db/upgrade/retiredCustodial';
import { ensureFirstAdmin, type GeneratedAdmin } from './commands/ensureFirstAdmin';
import { createLogger } from './log/createLogger';
import { registerTradeHooks } from './market/registerTradeHooks';

export { createLogger };

export type CreateServicesOptions = {
  database?: Database;
  /** PGlite already starting on env.dataDir (server/main.ts starts it first thing). */
  pglite?: StartingPglite;
  log?: FastifyBaseLogger;
  /** Receives the local admin's generated password on the first start, for the console (main.ts). */
  onGeneratedAdmin?: (admin: NonNullable<GeneratedAdmin>) => void;
};

/** Opens the database (migrating it) and wires the shared services. */
export async function createServices(env: Env, options: CreateServicesOptions = {}): Promise<Services> {
  const log = options.log ?? createLogger(env);
  const opening = Date.now();
  // The first start's longest silence otherwise (10-20 s on a small machine): say what it is.
  if (options.pglite?.firstStart) {
    log.info(`creating the embedded database in ${options.pglite.dataDir}/db: PostgreSQL's files are set up and every migration runs (first start only, up to half a minute on a small machine)`);
  }
  const database = options.database ?? await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir, pglite: options.pglite });
  // A start-up phase a person waits for (the ledger and 'Causemint ready' log theirs).
  if (!options.database) log.info({ ms: Date.now() - opening }, 'database ready (migrations applied)');
  await refuseRetiredCustodialData(database.db);
  const events = new EventHub(database);
  await events.start();
  const chain = await createChain(env, database, log);
  const keys = createKeyStore({ db: database.db, env });
  const trades = createTradeBus((err) => log.error({ err }, 'trade hook failed'));
  const services: Services = { env, database, db: database.db, events, log, chain, keys, trades, now: () => new Date() };
  registerTradeHooks(services);
  await seedDatabase(services.db);
  const generated = await ensureFirstAdmin(services);
  // The password is stored in clear nowhere: it goes to the console once, never to the log.
  if (generated) options.onGeneratedAdmin?.(generated);
  return services;
}

export async function closeServices(services: Services): Promise<void> {
  await services.chain.close();
  await services.events.stop();
  await services.database.close();
}
