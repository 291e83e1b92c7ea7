import { and, count, desc, eq, gt } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { HIDDEN_TICKER } from '../../../core/constants';
import {
  VERIFICATION_MESSAGES as M, VERIFICATION_REQUESTS_PER_HOUR, VerificationRequestCreate,
} from '../../../core/schemas/verification';
import { submitVerificationRequest } from '../../commands/submitVerificationRequest';
import { campaigns, verificationRequests } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { rateLimit } from '../../policies/rateLimit';
import { isUploader } from '../../policies/storedFiles';
import { currentWallet, isSameWallet, requireWallet } from '../../policies/wallet';
import { presentVerificationRequest } from '../../presenters/verificationRequest';
import type { RouteOptions } from '../../services';
import { checkStoredUpload } from '../../storage/storedUpload';
import { adminVerificationRoutes } from './adminVerification';

const HOUR_MS = 3_600_000;
// Per address, before any database work: slows a script sending junk (the per-wallet limit counts stored requests).
export const SUBMIT_ATTEMPTS = { max: 30, windowMs: 10 * 60_000, message: 'Too many verification attempts. Please try again later.' };

/**
 * A creator's verification applications (spec 2 section 2.3): POST for the signed-in wallet,
 * for its own campaign or as a pre-verification; GET /mine lists the wallet's requests.
 */
export const verificationRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const { db } = services;

  app.post('/verification-requests', { preHandler: [rateLimit(SUBMIT_ATTEMPTS), requireWallet(services)] }, async (request, reply) => {
    const wallet = currentWallet(request);
    const input = parseInput(VerificationRequestCreate, request.body);

    let campaign = null;
    if (input.token_address) {
      [campaign] = await db.select().from(campaigns).where(eq(campaigns.tokenAddress, input.token_address));
      if (!campaign || campaign.ticker === HIDDEN_TICKER) throw notFound(M.campaignNotFound);
      if (!isSameWallet(wallet, campaign.creatorWallet)) throw forbidden(M.notCreator);
      if (campaign.verified) throw conflict(M.alreadyVerified);
    }
    for (const url of input.documents) {
      const stored = await checkStoredUpload(url, services.env, 'document');
      if (!stored.ok) throw badRequest(M.documentNotOurs);
      // Another wallet's upload is not the applicant's to show (or to read through the request).
      if (!(await isUploader(services, stored.cid, wallet))) throw badRequest(M.documentNotYours);
    }

    const since = new Date(services.now().getTime() - HOUR_MS);
    const [recent] = await db.select({ n: count() }).from(verificationRequests)
      .where(and(eq(verificationRequests.creatorWallet, wallet), gt(verificationRequests.submittedAt, since)));
    if ((recent?.n ?? 0) >= VERIFICATION_REQUESTS_PER_HOUR) throw tooManyRequests(M.tooMany, HOUR_MS);

    const row = await submitVerificationRequest(services, { wallet, input, campaign });
    // Only the id: the admin page refetches its list; applicants' details never go out on the public stream.
    await services.events.publish({ type: 'verification_request_submitted', id: row.id });
    return reply.status(201).send({ id: row.id, status: row.status });
  });

  app.get('/verification-requests/mine', { preHandler: requireWallet(services) }, async (request) => {
    const rows = await db.select().from(verificationRequests)
      .where(eq(verificationRequests.creatorWallet, currentWallet(request)))
      .orderBy(desc(verificationRequests.submittedAt), desc(verificationRequests.id)).limit(100);
    return { requests: rows.map(presentVerificationRequest) };
  });

  await app.register(adminVerificationRoutes, { services });
};
