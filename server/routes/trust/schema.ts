import { z } from 'zod';
import { isSolanaAddress } from '../../../core/schemas/creation';

export const INVALID_TOKEN_ADDRESS = 'Invalid token address';

/** Path of GET /api/campaigns/{tokenAddress}/trust: the campaign token's mint address. */
export const TrustParams = z.object({
  tokenAddress: z.string({ error: INVALID_TOKEN_ADDRESS }).trim().refine(isSolanaAddress, INVALID_TOKEN_ADDRESS),
});
