import type { FastifyPluginAsync } from 'fastify';
import { lamportsToSolString } from '../../../core/money';
import { PublicKey } from '@solana/web3.js';
import { HttpError, tooManyRequests } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { faucetPolicyFor } from '../../policies/faucet';
import type { RouteOptions } from '../../services';
import { AirdropSchema } from './schema';

/**
 * Test-network helpers: test SOL from the faucet (the in-process ledger's, or the ledger
 * process's on localnet). Not registered on a real cluster (404).
 */
export const devRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const { airdrop } = services.chain;
  if (!services.env.testNetwork || !airdrop) return;
  // The same cap and per-client count as the JSON-RPC requestAirdrop, in the database: one count for the fleet.
  const faucet = faucetPolicyFor(services);

  app.post('/dev/airdrop', async (request) => {
    const { wallet, sol } = parseInput(AirdropSchema, request.body);
    const verdict = await faucet.take(request.ip, sol);
    if (!verdict.ok && verdict.reason === 'over-cap') throw new HttpError(400, `At most ${verdict.maxSol} SOL per airdrop`);
    if (!verdict.ok) throw tooManyRequests(`Too many airdrops: at most ${verdict.perMinute} a minute`, verdict.retryAfterMs);
    const signature = await airdrop(wallet, sol).catch((err: unknown) => {
      request.log.warn({ err }, 'airdrop failed');
      throw new HttpError(503, 'The airdrop failed, please try again');
    });
    const balance = BigInt(await services.chain.connection.getBalance(new PublicKey(wallet), 'confirmed'));
    return { signature, balance: lamportsToSolString(balance) };
  });
};
