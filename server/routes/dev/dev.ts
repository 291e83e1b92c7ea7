import type { FastifyPluginAsync } from 'fastify';
import { lamportsToSolString } from '../../../core/money';
import { LedgerUnavailableError } from '../../chain/ledger/ledger';
import { HttpError } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { faucetPolicyFor } from '../../policies/faucet';
import type { RouteOptions } from '../../services';
import { AirdropSchema } from './schema';

/** Local-mode helpers: test SOL from the ledger's faucet. Not registered on a real cluster (404). */
export const devRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const ledger = services.chain.ledger;
  if (!services.env.localMode || !ledger) return;
  // The same cap and per-client count as the JSON-RPC requestAirdrop.
  const faucet = faucetPolicyFor(services);

  app.post('/dev/airdrop', async (request) => {
    const { wallet, sol } = parseInput(AirdropSchema, request.body);
    const verdict = faucet.take(request.ip, sol);
    if (!verdict.ok && verdict.reason === 'over-cap') throw new HttpError(400, `At most ${verdict.maxSol} SOL per airdrop`);
    if (!verdict.ok) throw new HttpError(429, `Too many airdrops: at most ${verdict.perMinute} a minute`);
    const outcome = await ledger.airdrop(wallet, sol).catch((err: unknown) => {
      if (err instanceof LedgerUnavailableError) throw new HttpError(503, 'The airdrop failed, please try again');
      throw err;
    });
    if (outcome.kind !== 'landed' || outcome.record.err) {
      throw new HttpError(503, 'The airdrop failed, please try again');
    }
    return { signature: outcome.record.signature, balance: lamportsToSolString(ledger.getAccount(wallet)?.lamports ?? 0n) };
  });
};
