// The trading API as a client drives it in tests: build a swap (from a given client address,
// or a fresh one), execute the signed transaction, or both as one trade.

import type { Keypair } from '@solana/web3.js';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { testIp } from '../../../testing/wallet';
import { signAsWallet } from '../../../testing/signing';
import type { CurveMarket } from './curveMarket';

export function curveHttp(app: () => FastifyInstance) {
  const post = (url: string, payload: object, remoteAddress = testIp()) => app().inject({ method: 'POST', url, payload, remoteAddress });
  const quote = (m: CurveMarket, side: 'buy' | 'sell', trader: Keypair, amount: string, ip?: string, slippageBps = 500) =>
    post(`/api/curve/${m.mint}/${side}`, { wallet: trader.publicKey.toBase58(), amount, slippageBps }, ip);
  const execute = (m: CurveMarket, transactionBase64: string) => post(`/api/curve/${m.mint}/execute`, { transactionBase64 });
  /** A swap built, signed by the trader and executed; both must answer 200. */
  const trade = async (m: CurveMarket, side: 'buy' | 'sell', trader: Keypair, amount: string, ip?: string, slippageBps?: number) => {
    const built = await quote(m, side, trader, amount, ip, slippageBps);
    expect(built.statusCode, built.body).toBe(200);
    const done = await execute(m, signAsWallet(built.json().transactionBase64, trader));
    expect(done.statusCode, done.body).toBe(200);
  };
  return { post, quote, execute, trade };
}
