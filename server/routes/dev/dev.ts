import type { FastifyPluginAsync } from 'fastify';
import { lamportsToSolString } from '../../../core/money';
import { LedgerUnavailableError } from '../../chain/ledger/ledger';
import { HttpError } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { rateLimit } from '../../policies/rateLimit';
import type { RouteOptions } from '../../services';
import { AirdropSchema } from './schema';

const AIRDROP_LIMIT = { max: 10, windowMs: 60_000, message: 'Too many airdrops: at most 10 a minute' };

/** Local-mode helpers: test SOL from the ledger's faucet. Not registered on a real cluster (404). */
export const devRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const ledger = services.chain.ledger;
  if (!services.env.localMode || !ledger) return;

  app.post('/dev/airdrop', { preHandler: rateLimit(AIRDROP_LIMIT) }, async (request) => {
    const { wallet, sol } = parseInput(AirdropSchema, request.body);
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
