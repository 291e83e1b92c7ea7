import { z } from 'zod';
import { SITE_NAME, TOKEN_DECIMALS } from '../../../core/constants';
import { creationFields, isSolanaAddress, launchCampaignSchema } from '../../../core/schemas/creation';

// The spec's fixed launch parameters (section 9): a client may send them, never other values.
const FIXED = { decimals: TOKEN_DECIMALS, taxTier: 6, visible: 1, mode: 0, dev_fee_percentage: 50 } as const;

const fixed = (name: keyof typeof FIXED) => z
  .union([z.number(), z.string()], { error: `${name} must be ${FIXED[name]}` })
  .nullish()
  .refine((value) => value === undefined || value === null || value === '' || Number(value) === FIXED[name], `${name} must be ${FIXED[name]}`);

const optionalString = z.string().trim().max(200).nullish().transform((v) => v || undefined);

/** GET /api/revshare/prepare?initialBuy= (SOL; absent means none). */
export const PrepareQuery = z.object({ initialBuy: creationFields.initialBuy });

/** POST /api/revshare/create: spec 1 section 7's body plus the campaign's own fields. */
export const CreateBody = launchCampaignSchema.extend({
  request_id: z.string({ error: 'request_id is required' }).trim().min(1, 'request_id is required').max(100),
  developerWallet: z.string({ error: 'developerWallet is required' }).trim().refine(isSolanaAddress, 'Invalid Solana wallet address'),
  decimals: fixed('decimals'),
  taxTier: fixed('taxTier'),
  visible: fixed('visible'),
  mode: fixed('mode'),
  dev_fee_percentage: fixed('dev_fee_percentage'),
  reward_ca: optionalString,
  ref: optionalString,
});
export type CreateBody = z.output<typeof CreateBody>;

/** The read variant campaignGoal (spec 1 section 3) is accepted for goal. */
export function withGoalAlias(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const record = body as Record<string, unknown>;
  return record.goal === undefined && record.campaignGoal !== undefined ? { ...record, goal: record.campaignGoal } : body;
}

export const LAUNCH_SERVICE_NAME = `${SITE_NAME} launch service`;
