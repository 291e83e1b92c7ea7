import { z } from 'zod';

export const TokenAddressParams = z.object({ tokenAddress: z.string().trim().min(1).max(64) });

const ID_MESSAGE = 'id must be a positive whole number';
/** A gallery photo's or an update's id (a PostgreSQL integer). */
export const ContentIdParams = TokenAddressParams.extend({
  id: z.coerce.number({ error: ID_MESSAGE }).int(ID_MESSAGE).min(1, ID_MESSAGE).max(2_147_483_647, ID_MESSAGE),
});
