import type { FastifyBaseLogger } from 'fastify';
import type { ChainService } from './chain/service';
import type { Database, Db } from './db/client';
import type { Env } from './env';
import type { EventHub } from './events/hub';
import type { KeyStore } from './keys';
import type { TradeBus } from './curve/tradeBus';

/** What route plugins, commands and jobs are given. Built once in main.ts (or a test). */
export type Services = {
  env: Env;
  database: Database;
  db: Db;
  events: EventHub;
  log: FastifyBaseLogger;
  /** Solana: the local ledger or a real cluster, behind one web3.js Connection. */
  chain: ChainService;
  /** Platform keypairs (treasury, pool authority, per-campaign wallets), encrypted at rest. */
  keys: KeyStore;
  /** Who hears of each trade the swap indexer reads from the chain. */
  trades: TradeBus;
  /** Injected so tests can move time. */
  now: () => Date;
};

export type RouteOptions = { services: Services };

/**
 * One `T` per Services (an app, a test's app), made on first use: the per-process caches and
 * state that routes, hooks and jobs share without a module-level singleton between apps.
 */
export function perServices<T>(create: (services: Services) => T): (services: Services) => T {
  const instances = new WeakMap<Services, T>();
  return (services) => {
    let instance = instances.get(services);
    if (instance === undefined) {
      instance = create(services);
      instances.set(services, instance);
    }
    return instance;
  };
}
