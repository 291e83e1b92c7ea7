import type { FastifyPluginAsync } from 'fastify';
import { lamportsToSolString } from '../../../core/money';
import { campaignByToken, donationTotals, listDonations } from '../../donations/listDonations';
import { donateLinkFor } from '../../donations/donateLink';
import { notFound } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { rateLimit } from '../../policies/rateLimit';
import { presentDonation, presentDonationsCsv } from '../../presenters/donation';
import { receiptLinks } from '../../presenters/receipt';
import type { RouteOptions } from '../../services';
import { CAMPAIGN_NOT_FOUND } from '../../policies/campaigns';
import { DonateLinkQuery, DonationListQuery, TokenParams } from './schema';

const READ_LIMIT = { max: 300, windowMs: 60_000, message: 'Too many requests. Try again later.' };
const CSV_LIMIT = { max: 30, windowMs: 60_000, message: 'Too many requests. Try again later.' };

/**
 * A campaign's donations as the indexer read them from the chain (/donations, paged;
 * /donations.csv, all of them) and its Solana Pay transfer request (/donate-link).
 */
export const donationsRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const { env, db } = services;
  const { explorerUrl } = receiptLinks(env);
  const campaignOf = async (params: unknown) => {
    const { tokenAddress } = parseInput(TokenParams, params);
    const campaign = await campaignByToken(db, tokenAddress);
    if (!campaign) throw notFound(CAMPAIGN_NOT_FOUND);
    return campaign;
  };

  app.get('/campaigns/:tokenAddress/donations', { preHandler: rateLimit(READ_LIMIT) }, async (request) => {
    const query = parseInput(DonationListQuery, request.query);
    const campaign = await campaignOf(request.params);
    const [rows, totals] = await Promise.all([listDonations(db, campaign.id, query), donationTotals(db, campaign.id)]);
    return {
      donations: rows.map(presentDonation),
      total: totals.count,
      totalRaisedSol: lamportsToSolString(totals.lamports),
      totalRaisedLamports: totals.lamports.toString(),
    };
  });

  app.get('/campaigns/:tokenAddress/donations.csv', { preHandler: rateLimit(CSV_LIMIT) }, async (request, reply) => {
    const campaign = await campaignOf(request.params);
    const csv = presentDonationsCsv(await listDonations(db, campaign.id), explorerUrl);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${campaign.ticker.toLowerCase()}-donations.csv"`)
      .send(csv);
  });

  app.get('/campaigns/:tokenAddress/donate-link', { preHandler: rateLimit(READ_LIMIT) }, async (request) => {
    const { amount } = parseInput(DonateLinkQuery, request.query);
    const campaign = await campaignOf(request.params);
    if (!campaign.donationWallet) throw notFound('This campaign has no donation wallet');
    return donateLinkFor(db, { ...campaign, donationWallet: campaign.donationWallet }, amount);
  });
};
