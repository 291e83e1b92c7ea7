import type { FastifyPluginAsync } from 'fastify';
import { DonorReceiptParams, SignatureParams } from '../../../core/schemas/receipt';
import { notFound } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { rateLimit } from '../../policies/rateLimit';
import { presentDonorReceipt, presentSenders, receiptLinks } from '../../presenters/receipt';
import { receiptFor } from '../../receipts/receipts';
import type { RouteOptions } from '../../services';

export const RECEIPT_NOT_FOUND = 'No direct donation with this transaction has been recorded (yet)';
export const DONOR_RECEIPT_NOT_FOUND = 'No direct donation from this wallet in this transaction has been recorded (yet)';
const READ_LIMIT = { max: 120, windowMs: 60_000, message: 'Too many requests. Try again later.' };

/**
 * A direct donation's receipt, by transaction signature and donor: each sender in a
 * transaction has their own, for their own transfers. Public like the transaction itself
 * (the donor's wallet, the amount and the campaign are on chain and in the Donations tab),
 * so a donor can print it, or keep its link, without signing in.
 */
export const receiptsRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const { env, db } = services;
  const links = receiptLinks(env);

  // One sender: that sender's receipt. Several: the list to pick one's own from.
  app.get('/receipts/:signature', { preHandler: rateLimit(READ_LIMIT) }, async (request, reply) => {
    const { signature } = parseInput(SignatureParams, request.params);
    const lines = await receiptFor(db, signature);
    // The donation page polls until the indexer has read a just-sent donation.
    reply.header('cache-control', 'no-store');
    if (lines.length === 0) throw notFound(RECEIPT_NOT_FOUND);
    const senders = new Set(lines.map((l) => l.donation.fromWallet));
    return senders.size === 1 ? presentDonorReceipt(signature, lines, links) : presentSenders(signature, lines, links);
  });

  app.get('/receipts/:signature/:donor', { preHandler: rateLimit(READ_LIMIT) }, async (request, reply) => {
    const { signature, donor } = parseInput(DonorReceiptParams, request.params);
    const lines = await receiptFor(db, signature, donor);
    reply.header('cache-control', 'no-store');
    if (lines.length === 0) throw notFound(DONOR_RECEIPT_NOT_FOUND);
    return presentDonorReceipt(signature, lines, links);
  });
};
