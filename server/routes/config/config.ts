import type { FastifyPluginAsync } from 'fastify';
import type { ClientConfig } from '../../../core/clientConfig';
import { SITE_NAME } from '../../../core/constants';
import { lamportsToSolString } from '../../../core/money';
import type { Env } from '../../env';
import type { RouteOptions } from '../../services';

/**
 * The public client configuration: nothing secret (no RPC URL, no keys) may appear here.
 * The support wallet is SUPPORT_WALLET, else the platform treasury's public key: always
 * a wallet the platform holds the key of, so a donation to it is never lost.
 */
export function clientConfig(env: Env, treasuryWallet: string): ClientConfig {
  return {
    // The browser's 'local mode': test SOL and the Local wallet (the in-process ledger or a ledger process).
    localMode: env.testNetwork,
    cluster: env.cluster,
    rpcPath: '/api/rpc',
    solUsd: env.SOL_USD,
    siteName: SITE_NAME,
    supportWallet: env.SUPPORT_WALLET ?? treasuryWallet,
    supportChatUrl: env.SUPPORT_CHAT_URL ?? null,
    backerMinSol: lamportsToSolString(env.BACKER_MIN_LAMPORTS),
    payoutIntervalMs: env.distributorIntervalMs,
    curveProgram: 'dbc' as const,
    curvePlatformSharePercent: env.CURVE_PLATFORM_SHARE_PERCENT,
  };
}

export const configRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const treasury = await services.keys.treasury();
  const body = clientConfig(services.env, treasury.publicKey.toBase58());
  app.get('/config', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return body;
  });
};
