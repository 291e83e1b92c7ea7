import { z } from 'zod';

const ID_MESSAGE = 'id must be a positive whole number';

/** A charity's id in the path (a PostgreSQL integer). */
export const CharityIdParams = z.object({
  id: z.coerce.number({ error: ID_MESSAGE }).int(ID_MESSAGE).min(1, ID_MESSAGE).max(2_147_483_647, ID_MESSAGE),
});
