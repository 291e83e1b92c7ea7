import type { FastifyBaseLogger } from 'fastify';
import type { ChainService } from './chain/service';
import type { Database, Db } from './db/client';
import type { Env } from './env';
import type { EventHub } from './events/hub';
import type { KeyStore } from './keys';
import type { Trading } from './trading/createTrading';

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
  /** The quote book (firm quotes, co-signed execution) and its trade hooks. */
  trading: Trading;
  /** Injected so tests can move time. */
  now: () => Date;
};

export type RouteOptions = { services: Services };
