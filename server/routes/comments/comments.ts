import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { HIDDEN_TICKER } from '../../../core/constants';
import { COMMENT_MESSAGES, CommentCreate, CommentIdParams, CommentPageQuery, CommentReportCreate, type CommentReported } from '../../../core/schemas/comment';
import { readThreadPage } from '../../comments/threadPage';
import { hideOwnComment, pinComment } from '../../commands/moderateOwnComments';
import { postComment } from '../../commands/postComment';
import { reportComment } from '../../commands/reportComment';
import { campaigns } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { campaignManagedBy, findPublicCampaign } from '../../policies/campaigns';
import { rateLimit } from '../../policies/rateLimit';
import { currentWallet, isSameWallet, requireWallet, walletSessionOf } from '../../policies/wallet';
import { isPlatformCreated } from '../../presenters/campaign';
import { presentComment } from '../../presenters/comment';
import type { RouteOptions } from '../../services';
import { ContentIdParams, TokenAddressParams } from '../campaigns/params';
import { adminCommentsRoutes } from './adminComments';

// Reads are cheap (indexed keyset pages) but not free; this only stops a runaway client.
const READ_LIMIT = { max: 300, windowMs: 60_000, message: 'Too many requests. Try again later.' };
const REPORT_LIMIT = { max: 30, windowMs: 60_000, message: 'Too many reports. Try again in a minute.' };

const PinBody = z.object({ pinned: z.boolean({ error: 'pinned must be true or false' }) });
const HideBody = z.object({ hidden: z.boolean({ error: 'hidden must be true or false' }) });

/**
 * A campaign's comments: GET for everyone (keyset pages), POST for signed-in wallets (the
 * limits in policies/commentLimits.ts), reports from anyone (weighed: commands/reportComment.ts), pin and hide for the campaign's
 * creator; the admin's moderation under /api/admin/comments.
 */
export const commentsRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const { db } = services;
  const creator = { preHandler: requireWallet(services) };

  app.get('/campaigns/:tokenAddress/comments', { preHandler: rateLimit(READ_LIMIT) }, async (request) => {
    const { tokenAddress } = parseInput(TokenAddressParams, request.params);
    const query = parseInput(CommentPageQuery, request.query);
    const campaign = await findPublicCampaign(services, tokenAddress);
    const session = await walletSessionOf(services, request);
    const viewerIsCreator = session !== null && isPlatformCreated(campaign) && isSameWallet(session.wallet, campaign.creatorWallet);
    return { ...await readThreadPage(services, campaign, query, viewerIsCreator), viewer_is_creator: viewerIsCreator };
  });

  app.post('/campaigns/:tokenAddress/comments', { preHandler: requireWallet(services) }, async (request, reply) => {
    const { tokenAddress } = parseInput(TokenAddressParams, request.params);
    const input = parseInput(CommentCreate, request.body);
    // An unknown campaign is bad input here (nothing to comment on), not a missing page.
    const [campaign] = await db.select({ id: campaigns.id, ticker: campaigns.ticker }).from(campaigns).where(eq(campaigns.tokenAddress, tokenAddress));
    if (!campaign || campaign.ticker === HIDDEN_TICKER) throw badRequest(COMMENT_MESSAGES.campaignNotFound);
    const row = await postComment(services, { campaignId: campaign.id, tokenAddress, wallet: currentWallet(request), address: request.ip, input });
    // The author's own badges arrive with the next read (the live event refetches the page at once).
    return reply.status(201).send(presentComment(row, null, []));
  });

  app.post('/comments/:id/reports', { preHandler: rateLimit(REPORT_LIMIT) }, async (request, reply) => {
    const { id } = parseInput(CommentIdParams, request.params);
    const { reason } = parseInput(CommentReportCreate, request.body);
    const session = await walletSessionOf(services, request);
    const { collapsed } = await reportComment(services, id, session ? { wallet: session.wallet } : { address: request.ip }, reason);
    return reply.status(201).send({ reported: true, collapsed } satisfies CommentReported);
  });

  app.post('/campaigns/:tokenAddress/comments/:id/pin', creator, async (request, reply) => {
    const { tokenAddress, id } = parseInput(ContentIdParams, request.params);
    const { pinned } = parseInput(PinBody, request.body);
    const campaign = await campaignManagedBy(services, request, tokenAddress);
    await pinComment(services, { campaignId: campaign.id, tokenAddress, commentId: id }, pinned);
    return reply.status(204).send();
  });

  app.post('/campaigns/:tokenAddress/comments/:id/hide', creator, async (request, reply) => {
    const { tokenAddress, id } = parseInput(ContentIdParams, request.params);
    const { hidden } = parseInput(HideBody, request.body);
    const campaign = await campaignManagedBy(services, request, tokenAddress);
    await hideOwnComment(services, { campaignId: campaign.id, tokenAddress, commentId: id }, hidden);
    return reply.status(204).send();
  });

  await app.register(adminCommentsRoutes, { services });
};
