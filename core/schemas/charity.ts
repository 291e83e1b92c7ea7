// The verified-charity form of the admin area (spec 2 sections 2.13 and 5), shared by the
// dialog and the server so both refuse the same input with the same words.

import { z } from 'zod';
import { CHARITY_CATEGORIES } from '../enums';
import { CREATION_MESSAGES, isSolanaAddress } from './creation';

export const CHARITY_NAME_MAX = 120;
export const CHARITY_WEBSITE_MAX = 200;
export const CHARITY_URL_MAX = 2048;
export const CHARITY_DESCRIPTION_MAX = 1000;

export const CHARITY_MESSAGES = {
  nameRequired: 'Name is required',
  nameMax: `Name must be at most ${CHARITY_NAME_MAX} characters`,
  category: 'Please choose a category from the list',
  walletRequired: 'Wallet address is required',
  walletInvalid: CREATION_MESSAGES.donationWalletInvalid,
  walletTaken: 'A charity with this wallet address already exists',
  websiteRequired: 'Website is required',
  websiteMax: `Website must be at most ${CHARITY_WEBSITE_MAX} characters`,
  websiteUrl: 'Website URL must be a full link starting with http:// or https://',
  logo: 'Logo must be a link starting with http://, https:// or /',
  descriptionMax: `Description must be at most ${CHARITY_DESCRIPTION_MAX} characters`,
  isActive: 'is_active must be true or false',
  direction: "direction must be 'up' or 'down'",
  nothingToChange: 'Nothing to update',
  notFound: 'Charity not found',
} as const;
const M = CHARITY_MESSAGES;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

// A logo is a link the page puts in <img src>: a web address, or a path on this site (an upload at /ipfs/{cid}).
function isLogoRef(value: string): boolean {
  return isHttpUrl(value) || (/^\/[^/\\\s]/.test(value) && !/\s/.test(value));
}

const required = (message: string, max: number, maxMessage: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, maxMessage);

// Optional text: blank or null means none (null); left out stays undefined, so a PATCH keeps it.
const optional = <S extends z.ZodType<string>>(check: S) =>
  z.union([check, z.null()]).optional().transform((v) => (v === undefined ? undefined : v || null));

const fields = {
  // What the public page and the donation-wallet choice call the organisation.
  name: required(M.nameRequired, CHARITY_NAME_MAX, M.nameMax),
  category: z.enum(CHARITY_CATEGORIES, { error: M.category }),
  // The charity's Solana donation wallet: base58, 32 bytes; unique across charities.
  wallet_address: z.string({ error: M.walletRequired }).trim().min(1, M.walletRequired)
    .refine(isSolanaAddress, { message: M.walletInvalid }),
  // The website as shown (display text, e.g. "example.org").
  website: required(M.websiteRequired, CHARITY_WEBSITE_MAX, M.websiteMax),
  // The link behind it when it differs from the display text.
  website_url: optional(z.string({ error: M.websiteUrl }).trim().max(CHARITY_URL_MAX, M.websiteUrl)
    .refine((v) => v === '' || isHttpUrl(v), { message: M.websiteUrl })),
  // A web address or a path on this site.
  logo: optional(z.string({ error: M.logo }).trim().max(CHARITY_URL_MAX, M.logo)
    .refine((v) => v === '' || isLogoRef(v), { message: M.logo })),
  description: optional(z.string({ error: M.descriptionMax }).trim().max(CHARITY_DESCRIPTION_MAX, M.descriptionMax)),
  // Shown on the public page and in the donation-wallet choice when true.
  is_active: z.boolean({ error: M.isActive }),
};

/** POST /api/admin/charities: a new charity, active unless said otherwise. */
export const CharityCreate = z.object({ ...fields, is_active: fields.is_active.default(true) })
  .transform((c) => ({ ...c, website_url: c.website_url ?? null, logo: c.logo ?? null, description: c.description ?? null }));
export type CharityCreate = z.output<typeof CharityCreate>;
export type CharityCreateBody = z.input<typeof CharityCreate>;

/** PATCH /api/admin/charities/{id}: any of the fields; at least one. */
export const CharityPatch = z.object({
  name: fields.name.optional(),
  category: fields.category.optional(),
  wallet_address: fields.wallet_address.optional(),
  website: fields.website.optional(),
  website_url: fields.website_url,
  logo: fields.logo,
  description: fields.description,
  is_active: fields.is_active.optional(),
});
export type CharityPatch = z.output<typeof CharityPatch>;
export type CharityPatchBody = z.input<typeof CharityPatch>;

/** POST /api/admin/charities/{id}/move */
export const CharityMove = z.object({
  direction: z.enum(['up', 'down'], { error: M.direction }),
});
export type CharityMove = z.output<typeof CharityMove>;
