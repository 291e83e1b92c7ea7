import { z } from 'zod';
import { FIRST_DONATION_YEAR } from '../receipt';

const signature = z.string().trim().regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/, 'signature must be a Solana transaction signature');

/** A transaction signature: 64 bytes in base58, 64 to 88 characters. */
export const SignatureParams = z.object({ signature });

/** A transaction signature and the wallet whose receipt it is: a public key in base58, 32 to 44 characters. */
export const DonorReceiptParams = z.object({
  signature,
  donor: z.string().trim().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'donor must be a Solana wallet address'),
});

/**
 * Query of GET /api/account/donations.csv: `year` a calendar year (UTC) from 2020 to the
 * server's current one, or absent / 'all' for every donation.
 */
export const donationsCsvQuery = (currentYear: number) => z.object({
  year: z.string().trim().optional().transform((text, ctx) => {
    if (text === undefined || text === '' || text === 'all') return null;
    const year = /^\d{4}$/.test(text) ? Number(text) : NaN;
    if (Number.isNaN(year)) {
      ctx.addIssue({ code: 'custom', message: 'year must be a year like 2026, or all' });
      return z.NEVER;
    }
    if (year < FIRST_DONATION_YEAR || year > currentYear) {
      ctx.addIssue({ code: 'custom', message: `year must be from ${FIRST_DONATION_YEAR} to ${currentYear}` });
      return z.NEVER;
    }
    return year;
  }),
});
