import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { createDonationWalletChallenge } from '../../commands/createDonationWalletChallenge';
import { proveDonationWallet } from '../../commands/proveDonationWallet';
import { authNonces, campaigns } from '../../db/schema';
import { proofsFor } from '../../donations/walletControl';
import { badRequest, notFound } from '../../http/errors';
import { serviceError } from '../../http/serviceError';
import { parseInput } from '../../http/validate';
import { donationWalletRefusal } from '../../policies/donationWallet';
import { rateLimit } from '../../policies/rateLimit';
import { currentWallet, requireWallet, walletSessionOf } from '../../policies/wallet';
import type { RouteOptions } from '../../services';
import { AddressParams, ChallengeBody, NonceParams, ProofBody } from './schema';

export const DONATION_WALLET_EVENT = 'donation_wallet_proved';
const CHECK_FAILED = 'Could not check the donation wallet';
const CAMPAIGNS_NAMED = 20;
export const OWN_WALLET = 'This is your own wallet: transfers to it already count, nothing to confirm';

/**
 * Donation wallets (issue 21): whether an address may be one, and the signed consent that
 * lets plain transfers to it count for a creator's campaigns. The wallet signs a one-time
 * request the creator asks for; the link to it may go to whoever holds the wallet.
 */
export const donationWalletsRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const limit = rateLimit({ max: 60, windowMs: 60_000, message: 'Too many donation wallet checks: please wait a minute' });
  const signLimit = rateLimit({ max: services.env.SIGN_INS_PER_MINUTE, windowMs: 60_000, message: 'Too many confirmation requests: please wait a minute' });

  // Asked by the creation form before any SOL moves; create refuses the same addresses.
  app.get('/donation-wallets/:address', { preHandler: limit }, async (request, reply) => {
    const { address } = parseInput(AddressParams, request.params);
    const reason = await donationWalletRefusal(services, address).catch(serviceError(request.log, CHECK_FAILED));
    const creator = (await walletSessionOf(services, request))?.wallet ?? null;
    const proven = creator !== null && (creator === address || ((await proofsFor(services.db, [address])).get(address)?.has(creator) ?? false));
    reply.header('cache-control', 'no-store');
    return { address, allowed: reason === null, reason, proven };
  });

  app.post('/donation-wallets/challenge', { preHandler: [signLimit, requireWallet(services)] }, async (request) => {
    const { wallet } = parseInput(ChallengeBody, request.body);
    const creator = currentWallet(request);
    if (wallet === creator) throw badRequest(OWN_WALLET);
    const reason = await donationWalletRefusal(services, wallet).catch(serviceError(request.log, CHECK_FAILED));
    if (reason) throw badRequest(reason);
    const challenge = await createDonationWalletChallenge(services, { creatorWallet: creator, donationWallet: wallet });
    return presentChallenge({ ...challenge, usedAt: null }, services.now());
  });

  app.get('/donation-wallets/challenge/:nonce', { preHandler: limit }, async (request, reply) => {
    const { nonce } = parseInput(NonceParams, request.params);
    const [row] = await services.db.select().from(authNonces).where(eq(authNonces.nonce, nonce));
    if (!row || row.purpose !== 'donation_wallet' || !row.creatorWallet) throw notFound('Confirmation request not found');
    // The page names the campaigns the consent is for: the creator's, paid into this wallet (none yet when asked from the creation form).
    const named = await services.db.select({ tokenAddress: campaigns.tokenAddress, name: campaigns.name, title: campaigns.title, ticker: campaigns.ticker })
      .from(campaigns)
      .where(and(eq(campaigns.creatorWallet, row.creatorWallet), eq(campaigns.donationWallet, row.walletAddress), isNotNull(campaigns.tokenAddress), eq(campaigns.isTest, false)))
      .orderBy(desc(campaigns.createdAt)).limit(CAMPAIGNS_NAMED);
    reply.header('cache-control', 'no-store');
    return {
      ...presentChallenge({ ...row, donationWallet: row.walletAddress, creatorWallet: row.creatorWallet }, services.now()),
      campaigns: named.map((c) => ({ token_address: c.tokenAddress!, name: c.title ?? c.name, ticker: c.ticker })),
    };
  });

  app.post('/donation-wallets/proof', { preHandler: signLimit }, async (request) => {
    const body = parseInput(ProofBody, request.body);
    const proof = await proveDonationWallet(services, body);
    await services.events.publish({ type: DONATION_WALLET_EVENT, creatorWallet: proof.creatorWallet, donationWallet: proof.donationWallet });
    return { creatorWallet: proof.creatorWallet, donationWallet: proof.donationWallet, provedAt: proof.provedAt.toISOString() };
  });
};

type ChallengeRow = { nonce: string; message: string; donationWallet: string; creatorWallet: string; expiresAt: Date; usedAt: Date | null };

function presentChallenge(row: ChallengeRow, now: Date) {
  const status = row.usedAt ? 'used' : row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'pending';
  return {
    nonce: row.nonce, message: row.message, donationWallet: row.donationWallet, creatorWallet: row.creatorWallet,
    expiresAt: row.expiresAt.toISOString(), status, link: `/confirm-donation-wallet/${row.nonce}`,
  };
}
