import type { FastifyPluginAsync } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import { setFollowing } from '../../commands/followCampaign';
import { campaignFollows, campaigns } from '../../db/schema';
import { findPublicCampaign } from '../../policies/campaigns';
import { rateLimit } from '../../policies/rateLimit';
import { currentWallet, requireWallet, walletSessionOf } from '../../policies/wallet';
import type { RouteOptions } from '../../services';
import { TokenAddressParams } from '../campaigns/params';
import { parseInput } from '../../http/validate';

/** The most follows GET /api/account/follows lists (the newest). */
export const FOLLOWS_LISTED = 1000;
export const FOLLOW_LIMIT = { max: 60, windowMs: 60_000, message: 'Too many follow changes. Please wait a minute.' };

/**
 * Following a campaign: GET answers the count and whether the caller (if signed in)
 * follows; PUT follows and DELETE unfollows as the signed-in wallet (both idempotent).
 */
export const followsRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const { db } = services;
  const writer = { preHandler: [rateLimit(FOLLOW_LIMIT), requireWallet(services)] };

  app.get('/campaigns/:tokenAddress/follow', async (request, reply) => {
    const { tokenAddress } = parseInput(TokenAddressParams, request.params);
    const campaign = await findPublicCampaign(services, tokenAddress);
    const session = await walletSessionOf(services, request);
    const [row] = session
      ? await db.select({ wallet: campaignFollows.wallet }).from(campaignFollows)
        .where(and(eq(campaignFollows.campaignId, campaign.id), eq(campaignFollows.wallet, session.wallet)))
      : [];
    reply.header('cache-control', 'no-store');
    return { following: Boolean(row), followers: campaign.followers };
  });

  // The campaigns the signed-in wallet follows, newest first: one request lets every card of a page show its state.
  app.get('/account/follows', { preHandler: requireWallet(services) }, async (request, reply) => {
    const rows = await db.select({ tokenAddress: campaigns.tokenAddress }).from(campaignFollows)
      .innerJoin(campaigns, eq(campaigns.id, campaignFollows.campaignId))
      .where(eq(campaignFollows.wallet, currentWallet(request))).orderBy(desc(campaignFollows.createdAt)).limit(FOLLOWS_LISTED);
    reply.header('cache-control', 'no-store');
    return { token_addresses: rows.map((r) => r.tokenAddress).filter((a): a is string => a !== null) };
  });

  for (const [method, follow] of [['PUT', true], ['DELETE', false]] as const) {
    app.route({
      method, url: '/campaigns/:tokenAddress/follow', ...writer,
      handler: async (request) => {
        const { tokenAddress } = parseInput(TokenAddressParams, request.params);
        const campaign = await findPublicCampaign(services, tokenAddress);
        const state = await setFollowing(db, { campaignId: campaign.id, wallet: currentWallet(request), follow, now: services.now() });
        await services.events.publish({ type: 'campaign_followers_changed', tokenAddress, followers: state.followers });
        return state;
      },
    });
  }
};
