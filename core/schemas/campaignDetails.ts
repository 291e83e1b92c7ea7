// What a creator may change after launch on the manage page (issue 34: creators keep their
// page alive): the story, the goal and the links. The form and the server validate with
// this one schema, so both refuse the same input with the same words.

import { z } from 'zod';
import { creationFields, isTelegramUrlOrHandle, isTwitterUrlOrHandle, isWebsiteUrl, CREATION_MESSAGES } from './creation';

/** The story's length: a campaign's page, not a token's 200-character description. */
export const STORY_MAX = 5000;
const DISCORD_MAX = 100;

export const DETAILS_MESSAGES = {
  storyMax: `Story must be at most ${STORY_MAX} characters`,
  discord: 'Invalid Discord invite link or username',
  nothingToChange: 'Nothing to update',
} as const;

// A Discord invite (discord.gg/code, discord.com/invite/code) or a username (2-32 of a-z 0-9 _ .).
const DISCORD_INVITE = /^(https?:\/\/)?(www\.)?(discord\.gg|discord\.com\/invite)\/[A-Za-z0-9-]{2,32}\/?$/i;
const DISCORD_NAME = /^@?[a-z0-9_.]{2,32}$/;

export function isDiscordInviteOrName(value: string): boolean {
  return value.length <= DISCORD_MAX && (DISCORD_INVITE.test(value) || DISCORD_NAME.test(value));
}

// Absent: unchanged. Blank: cleared (null). Otherwise trimmed and checked.
const clearable = (check: (value: string) => boolean, message: string) => z
  .string({ error: message }).nullable()
  .transform((value) => value?.trim() || null)
  .refine((value) => value === null || check(value), message)
  .optional();

/** PATCH /api/campaigns/{tokenAddress}/details: at least one field. */
export const CampaignDetailsEdit = z.object({
  // Plain text: paragraphs are blank lines, links stay text (the page never makes them anchors).
  story: z.string({ error: DETAILS_MESSAGES.storyMax }).nullable()
    // Windows line ends are one line end; trailing spaces on a line carry nothing.
    .transform((value) => value?.replace(/\r\n?/g, '\n').replace(/[ \t]+$/gm, '').trim() || null)
    .refine((value) => value === null || value.length <= STORY_MAX, DETAILS_MESSAGES.storyMax)
    .optional(),
  // SOL, 1 to 1000, as at creation; output in lamports.
  goal: creationFields.goal.optional(),
  website: clearable(isWebsiteUrl, CREATION_MESSAGES.website),
  twitter: clearable(isTwitterUrlOrHandle, CREATION_MESSAGES.twitter),
  telegram: clearable(isTelegramUrlOrHandle, CREATION_MESSAGES.telegram),
  discord: clearable(isDiscordInviteOrName, DETAILS_MESSAGES.discord),
}).refine((edit) => Object.values(edit).some((value) => value !== undefined), DETAILS_MESSAGES.nothingToChange);

export type CampaignDetailsEditInput = z.input<typeof CampaignDetailsEdit>;
export type CampaignDetailsEdit = z.output<typeof CampaignDetailsEdit>;

/** The fields an edit records, in the order the history lists them. */
export const EDITABLE_FIELDS = ['story', 'goal', 'website', 'twitter', 'telegram', 'discord'] as const;
export type EditableField = (typeof EDITABLE_FIELDS)[number];

/** How the history names a field. */
export const FIELD_LABELS: Record<EditableField, string> = {
  story: 'Story', goal: 'Goal', website: 'Website', twitter: 'X / Twitter', telegram: 'Telegram', discord: 'Discord',
};
