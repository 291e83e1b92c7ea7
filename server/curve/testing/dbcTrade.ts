// A trade on a campaign's DBC pool as the trade widget makes it: `POST /api/curve/{mint}/buy|sell`
// builds the swap, the trader's wallet signs it alone, `/execute` relays it and answers from the
// chain's events (the swap is indexed into curve_trades before the answer).

import { Keypair, Transaction } from '@solana/web3.js';
import type { FastifyInstance } from 'fastify';
import { formatSol, formatTokenAmount } from '../../../core/money';
import type { Services } from '../../services';
import { testIp } from '../../testing/wallet';

export type DbcTradeResult = { transactionSignature: string; expectedOutput: string; side: 'buy' | 'sell'; graduated: boolean };

/** The wallet's part, as a browser does it with web3.js: decode, partialSign, serialise. */
export function signAsTrader(transactionBase64: string, trader: Keypair): string {
  const tx = Transaction.from(Buffer.from(transactionBase64, 'base64'));
  tx.partialSign(trader);
  return tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64');
}

/** Buys for `amount` SOL or sells `amount` tokens (decimal strings, as the widget sends them); throws unless it landed. */
export async function dbcTrade(app: FastifyInstance, mint: string, trader: Keypair, side: 'buy' | 'sell', amount: string, slippageBps = 500): Promise<DbcTradeResult> {
  const built = await app.inject({ method: 'POST', url: `/api/curve/${mint}/${side}`, payload: { wallet: trader.publicKey.toBase58(), amount, slippageBps }, remoteAddress: testIp() });
  if (built.statusCode !== 200) throw new Error(`${side}: ${built.statusCode} ${built.body}`);
  const done = await app.inject({ method: 'POST', url: `/api/curve/${mint}/execute`, payload: { transactionBase64: signAsTrader(built.json().transactionBase64, trader) }, remoteAddress: testIp() });
  if (done.statusCode !== 200) throw new Error(`execute: ${done.statusCode} ${done.body}`);
  return done.json() as DbcTradeResult;
}

/** Buys with `lamports` SOL through the API. */
export function dbcBuy(app: FastifyInstance, mint: string, trader: Keypair, lamports: bigint, slippageBps = 500): Promise<DbcTradeResult> {
  return dbcTrade(app, mint, trader, 'buy', formatSol(lamports), slippageBps);
}

/** Sells `tokens` (base units) through the API. */
export function dbcSell(app: FastifyInstance, mint: string, trader: Keypair, tokens: bigint, slippageBps = 500): Promise<DbcTradeResult> {
  return dbcTrade(app, mint, trader, 'sell', formatTokenAmount(tokens), slippageBps);
}

/** A new wallet holding `lamports` on the test ledger. */
export async function fundedTrader(services: Services, lamports: bigint): Promise<Keypair> {
  const trader = Keypair.generate();
  await services.chain.airdrop!(trader.publicKey.toBase58(), lamports);
  return trader;
}
