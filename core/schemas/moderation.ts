// Campaign moderation (spec 2 section 2.11): the admin list's query and the verify / flag switch.

import { z } from 'zod';

export const MODERATION_FILTERS = ['all', 'verified', 'unverified', 'flagged', 'requests'] as const;
export type ModerationFilter = (typeof MODERATION_FILTERS)[number];
export const MODERATION_PAGE_MAX = 100;
export const MODERATION_PAGE_SIZE = 20;

export const ModerationListQuery = z.object({
  filter: z.enum(MODERATION_FILTERS, { error: `filter must be one of: ${MODERATION_FILTERS.join(', ')}` }).default('all'),
  // Case-insensitive part of name, title, ticker or description, or a whole token address or creator wallet.
  search: z.string().trim().max(100, 'search must be at most 100 characters')
    .refine((text) => ![...text].some((c) => c.charCodeAt(0) < 32), 'search must not contain control characters').optional(),
  limit: z.coerce.number({ error: 'limit must be a number' }).int('limit must be a whole number')
    .min(1, 'limit must be at least 1').max(MODERATION_PAGE_MAX, `limit must be at most ${MODERATION_PAGE_MAX}`).default(MODERATION_PAGE_SIZE),
  offset: z.coerce.number({ error: 'offset must be a number' }).int('offset must be a whole number').min(0, 'offset must be 0 or more').default(0),
});
export type ModerationListQuery = z.infer<typeof ModerationListQuery>;

export const FLAG_REASON_MIN = 10;
export const FLAG_REASON_MAX = 500;
export const FLAG_REASON_MESSAGES = {
  required: `Say why the campaign is flagged (at least ${FLAG_REASON_MIN} characters)`,
  max: `The reason must be at most ${FLAG_REASON_MAX} characters`,
} as const;

/** Why an admin flags a campaign: kept in the audit log beside the flag, so every flag can be explained later. */
export const flagReason = z.string({ error: FLAG_REASON_MESSAGES.required }).trim().max(FLAG_REASON_MAX, FLAG_REASON_MESSAGES.max).optional();

/** A flag (flagged: true) needs its reason; an unflag needs none. */
export const hasFlagReason = (v: { flagged?: boolean; reason?: string }) => v.flagged !== true || (v.reason?.length ?? 0) >= FLAG_REASON_MIN;

/** PATCH /api/admin/campaigns/{id}: either flag or both; flagging says why. */
export const CampaignModeration = z.object({
  verified: z.boolean({ error: 'verified must be true or false' }).optional(),
  flagged: z.boolean({ error: 'flagged must be true or false' }).optional(),
  reason: flagReason,
}).refine((v) => v.verified !== undefined || v.flagged !== undefined, { message: 'Nothing to update: send verified or flagged' })
  .refine(hasFlagReason, { message: FLAG_REASON_MESSAGES.required, path: ['reason'] });
export type CampaignModeration = z.infer<typeof CampaignModeration>;
