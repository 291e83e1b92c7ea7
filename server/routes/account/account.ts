import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { campaigns } from '../../db/schema';
import { currentWallet, requireWallet } from '../../policies/wallet';
import { presentCampaign } from '../../presenters/campaign';
import type { RouteOptions } from '../../services';
import { donationsCsvQuery } from '../../../core/schemas/receipt';
import { badRequest } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { rateLimit } from '../../policies/rateLimit';
import { presentDonorCsv } from '../../presenters/receipt';
import { DONOR_CSV_MAX_ROWS, donorDonations } from '../../receipts/receipts';
import { receiptLinks } from '../../presenters/receipt';

const CSV_LIMIT = { max: 30, windowMs: 60_000, message: 'Too many requests. Try again later.' };
import { walletDonations, walletHoldings, walletTrades } from '../../account/walletActivity';
import { presentHolding, presentWalletDonation, presentWalletTrade } from '../../presenters/walletActivity';

/** The signed-in wallet's own things, for the /account page. */
export const accountRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const { db, env } = services;

  // 'My Campaigns': only campaigns whose creator_wallet is the session wallet, exactly (base58 is case-sensitive).
  // The wallet's own test campaigns are among them (spec 1), marked is_test: the page shows them as such.
  app.get('/account/campaigns', { preHandler: requireWallet(services) }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const rows = await db.select().from(campaigns)
      .where(eq(campaigns.creatorWallet, currentWallet(request)))
      .orderBy(desc(campaigns.createdAt), desc(campaigns.id));
    return { campaigns: rows.map((row) => presentCampaign(row, { solUsd: env.SOL_USD })) };
  });

  // The wallet's activity on the platform: holdings from the chain, trades and donations as indexed.
  app.get('/account/holdings', { preHandler: requireWallet(services) }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { holdings: (await walletHoldings(services, currentWallet(request))).map(presentHolding) };
  });

  app.get('/account/trades', { preHandler: requireWallet(services) }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { trades: (await walletTrades(services, currentWallet(request))).map(presentWalletTrade) };
  });

  // A donor's records: every direct donation of a year (or all time), each with its receipt link.
  app.get('/account/donations.csv', { preHandler: [requireWallet(services), rateLimit(CSV_LIMIT)] }, async (request, reply) => {
    const { year } = parseInput(donationsCsvQuery(services.now().getUTCFullYear()), request.query);
    const rows = await donorDonations(db, currentWallet(request), year);
    if (rows.length > DONOR_CSV_MAX_ROWS) throw badRequest(`More than ${DONOR_CSV_MAX_ROWS} donations: download one year at a time`);
    return reply
      .header('cache-control', 'no-store')
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="causemint-donations-${year ?? 'all'}.csv"`)
      .send(presentDonorCsv(rows, receiptLinks(env)));
  });

  app.get('/account/donations', { preHandler: requireWallet(services) }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { donations: (await walletDonations(services, currentWallet(request))).map(presentWalletDonation) };
  });
};
