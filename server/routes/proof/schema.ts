import { z } from 'zod';

export const PROOF_RUNS_PAGE_MAX = 100;

/** Path of GET /api/campaigns/{tokenAddress}/proof. */
export const ProofParams = z.object({ tokenAddress: z.string().trim().min(1).max(64) });

/** Query of GET /api/campaigns/{tokenAddress}/proof: a page of distributor runs, newest first. */
export const ProofQuery = z.object({
  limit: z.coerce.number({ error: 'limit must be a number' }).int('limit must be a whole number')
    .min(1, 'limit must be at least 1').max(PROOF_RUNS_PAGE_MAX, `limit must be at most ${PROOF_RUNS_PAGE_MAX}`).default(10),
  offset: z.coerce.number({ error: 'offset must be a number' }).int('offset must be a whole number').min(0, 'offset must be 0 or more').default(0),
});
