// Meteora's SDK clients, one per Connection. Building a DynamicBondingCurveClient parses the
// program's IDL for each of its services (about 350 ms of CPU here; CpAmm some 15-40 ms), and
// holds nothing but the connection, so a swap build, an index pass or a claim reuses one
// instead of blocking the event loop for it on every call (bench/dbc.bench.ts found it).

import { DynamicBondingCurveClient } from '@meteora-ag/dynamic-bonding-curve-sdk';
import { CpAmm } from '@meteora-ag/cp-amm-sdk';
import type { Connection } from '@solana/web3.js';

const dbcClients = new WeakMap<Connection, DynamicBondingCurveClient>();
const cpAmmClients = new WeakMap<Connection, CpAmm>();

/** The DBC client of this connection, at 'confirmed' (every caller reads there). */
export function dbcClientOf(connection: Connection): DynamicBondingCurveClient {
  let client = dbcClients.get(connection);
  if (!client) dbcClients.set(connection, client = new DynamicBondingCurveClient(connection, 'confirmed'));
  return client;
}

/** The DAMM v2 client of this connection. */
export function cpAmmOf(connection: Connection): CpAmm {
  let client = cpAmmClients.get(connection);
  if (!client) cpAmmClients.set(connection, client = new CpAmm(connection));
  return client;
}
