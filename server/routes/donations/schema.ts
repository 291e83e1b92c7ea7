import { z } from 'zod';
import { parseSol } from '../../../core/money';

export const DONATIONS_PAGE_MAX = 100;
// A transfer request for more than this is a typo, not a donation.
const MAX_DONATION_LAMPORTS = 10n ** 9n * 10n ** 9n;

/** Path of every donations route. */
export const TokenParams = z.object({ tokenAddress: z.string().trim().min(1).max(64) });

/** Query of GET /api/campaigns/{tokenAddress}/donations. */
export const DonationListQuery = z.object({
  // Page size, 1..100 (the Donations tab shows 10).
  limit: z.coerce.number({ error: 'limit must be a number' }).int('limit must be a whole number')
    .min(1, 'limit must be at least 1').max(DONATIONS_PAGE_MAX, `limit must be at most ${DONATIONS_PAGE_MAX}`).default(10),
  // Rows to skip, newest first.
  offset: z.coerce.number({ error: 'offset must be a number' }).int('offset must be a whole number').min(0, 'offset must be 0 or more').default(0),
});

/** Query of GET /api/campaigns/{tokenAddress}/donate-link. */
export const DonateLinkQuery = z.object({
  // SOL as a plain decimal (up to 9 places); absent: the wallet asks the donor for an amount.
  amount: z.string().trim().optional().transform((text, ctx) => {
    if (text === undefined || text === '') return undefined;
    let lamports: bigint;
    try { lamports = parseSol(text); } catch {
      ctx.addIssue({ code: 'custom', message: 'amount must be a SOL amount like 0.5' });
      return z.NEVER;
    }
    if (lamports <= 0n || lamports > MAX_DONATION_LAMPORTS) {
      ctx.addIssue({ code: 'custom', message: 'amount must be more than 0 and at most 1000000000 SOL' });
      return z.NEVER;
    }
    return lamports;
  }),
});
