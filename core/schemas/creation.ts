// The campaign creation form (spec 1 section 5 'Creation form'), shared by the form and
// the server so both refuse the same input with the same words. Amounts come out as
// bigint lamports. Messages that start with "Invalid" are custom issues, so the
// server's parseInput reports them verbatim.

import bs58 from 'bs58';
import { z } from 'zod';
import {
  DESCRIPTION_MAX, MAX_PHOTOS, GOAL_MAX_SOL, GOAL_MIN_SOL, INITIAL_BUY_MAX_SOL, INITIAL_BUY_MIN_SOL, NAME_MAX, TICKER_MAX, TICKER_MIN,
} from '../constants';
import { BONDING_CURVE_TYPES, CAMPAIGN_CATEGORIES, DEFAULT_CAMPAIGN_CATEGORY, type BondingCurveType } from '../enums';
import { parseSol, solToLamports } from '../money';

export const CREATION_MESSAGES = {
  nameRequired: 'Campaign name is required',
  nameMin: 'Minimum 3 characters',
  nameMax: `Maximum ${NAME_MAX} characters`,
  tickerRequired: 'Token symbol is required',
  tickerLetters: 'Only letters allowed',
  tickerMin: `Minimum ${TICKER_MIN} characters`,
  tickerMax: `Maximum ${TICKER_MAX} characters`,
  goalRequired: 'Goal amount is required',
  goalNumber: 'Goal amount must be a number',
  goalMin: 'Minimum 1 SOL',
  goalMax: 'Maximum 1000 SOL',
  category: 'Please choose a category',
  initialBuyMin: 'Minimum 0.001 SOL if not zero',
  initialBuyMax: 'Maximum 2 SOL allowed',
  initialBuyNonNegative: 'Amount must be 0 or greater',
  initialBuyNumber: 'Amount must be a number',
  donationWalletRequired: 'Donation wallet is required',
  donationWalletInvalid: 'Invalid Solana wallet address',
  donationWalletPlatform: 'This address belongs to Causemint itself (a pool, treasury, distributor, funding or token address): donations sent there would not reach your cause',
  donationWalletNotWallet: 'This address is a token account, token mint or program, not a wallet: enter the wallet that should receive the donations',
  descriptionRequired: 'Description is required',
  descriptionMax: `Maximum ${DESCRIPTION_MAX} characters`,
  website: 'Please enter a valid website URL',
  twitter: 'Invalid Twitter/X URL or username',
  telegram: 'Invalid Telegram URL or username',
  bondingCurveType: 'Bonding curve type must be 1 or 2',
  logoRequired: 'Please upload a logo for your token',
  imageUrl: 'Invalid logo URL',
  videoUrl: 'Invalid video URL',
  photoUrl: 'Invalid photo URL',
  photosMax: 'Maximum photos reached',
} as const;
const M = CREATION_MESSAGES;

const GOAL_MIN_LAMPORTS = solToLamports(GOAL_MIN_SOL);
const GOAL_MAX_LAMPORTS = solToLamports(GOAL_MAX_SOL);
const INITIAL_BUY_MIN_LAMPORTS = parseSol(INITIAL_BUY_MIN_SOL);
const INITIAL_BUY_MAX_LAMPORTS = parseSol(INITIAL_BUY_MAX_SOL);

const BASE58_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
const WEBSITE = /^(https?:\/\/)?([a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(:\d{1,5})?([/?#][^\s]*)?$/i;
const TWITTER_HANDLE = /^@?[A-Za-z0-9_]{1,15}$/;
const TWITTER_URL = /^(https?:\/\/)?(www\.|mobile\.)?(twitter\.com|x\.com)\/@?[A-Za-z0-9_]{1,15}\/?([?#][^\s]*)?$/i;
const TELEGRAM_HANDLE = /^@?[A-Za-z][A-Za-z0-9_]{3,31}$/;
const TELEGRAM_URL = /^(https?:\/\/)?(www\.)?(t\.me|telegram\.me|telegram\.dog)\/(\+|joinchat\/)?[A-Za-z0-9_-]{3,64}\/?$/i;

/** A Solana address: base58, 32-44 characters, decoding to 32 bytes. */
export function isSolanaAddress(value: string): boolean {
  if (!BASE58_ADDRESS.test(value)) return false;
  try {
    return bs58.decode(value).length === 32;
  } catch {
    return false;
  }
}

export function isWebsiteUrl(value: string): boolean {
  return WEBSITE.test(value);
}

export function isTwitterUrlOrHandle(value: string): boolean {
  return TWITTER_HANDLE.test(value) || TWITTER_URL.test(value);
}

export function isTelegramUrlOrHandle(value: string): boolean {
  return TELEGRAM_HANDLE.test(value) || TELEGRAM_URL.test(value);
}

/**
 * What the goal input shows as the person types: minus signs are stripped and values
 * above 1000 are clamped to 1000. The server does neither; it refuses.
 */
export function normalizeGoalInput(text: string): string {
  const stripped = text.replace(/-/g, '');
  try {
    return parseSol(stripped) > GOAL_MAX_LAMPORTS ? String(GOAL_MAX_SOL) : stripped;
  } catch {
    return stripped;
  }
}

type AmountText = { empty: true } | { empty: false; negative: boolean; lamports: bigint | null; decimalsError: string | null };

// Reads a form or JSON amount (string or number) without ever going through a float.
function readAmount(value: unknown): AmountText {
  if (value === undefined || value === null) return { empty: true };
  const text = String(value).trim();
  if (text === '') return { empty: true };
  const negative = text.startsWith('-');
  try {
    return { empty: false, negative, lamports: solToLamports(negative ? text.slice(1) : text), decimalsError: null };
  } catch (error) {
    const message = error instanceof Error && /decimal places/.test(error.message) ? error.message : null;
    return { empty: false, negative, lamports: null, decimalsError: message };
  }
}

const amountInput = z.union([z.string(), z.number()]).nullish();

const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message);

const optionalText = (check: (value: string) => boolean, message: string) =>
  z
    .string({ error: message })
    .nullish()
    .transform((value) => value?.trim() || undefined)
    .refine((value) => value === undefined || check(value), message);

export const creationFields = {
  name: requiredText(M.nameRequired).min(3, M.nameMin).max(NAME_MAX, M.nameMax),

  /** Letters only, 3-10, upper-cased on output. */
  ticker: requiredText(M.tickerRequired)
    .regex(/^[A-Za-z]+$/, M.tickerLetters)
    .min(TICKER_MIN, M.tickerMin)
    .max(TICKER_MAX, M.tickerMax)
    .toUpperCase(),

  /** SOL, 1 to 1000; output in lamports. */
  goal: amountInput.transform((value, ctx): bigint => {
    const amount = readAmount(value);
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (amount.empty) return fail(M.goalRequired);
    if (amount.lamports === null) return fail(amount.decimalsError ?? M.goalNumber);
    if (amount.negative || amount.lamports < GOAL_MIN_LAMPORTS) return fail(M.goalMin);
    if (amount.lamports > GOAL_MAX_LAMPORTS) return fail(M.goalMax);
    return amount.lamports;
  }),

  category: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.enum(CAMPAIGN_CATEGORIES, { error: M.category }).default(DEFAULT_CAMPAIGN_CATEGORY),
  ),

  /** SOL, 0 or 0.001 to 2; empty means none; output in lamports. */
  initialBuy: amountInput.transform((value, ctx): bigint => {
    const amount = readAmount(value);
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (amount.empty) return 0n;
    if (amount.negative && amount.lamports !== 0n) return fail(M.initialBuyNonNegative);
    if (amount.lamports === null) return fail(amount.decimalsError ?? M.initialBuyNumber);
    if (amount.lamports === 0n) return 0n;
    if (amount.lamports < INITIAL_BUY_MIN_LAMPORTS) return fail(M.initialBuyMin);
    if (amount.lamports > INITIAL_BUY_MAX_LAMPORTS) return fail(M.initialBuyMax);
    return amount.lamports;
  }),

  donationWallet: requiredText(M.donationWalletRequired).refine(isSolanaAddress, M.donationWalletInvalid),

  description: requiredText(M.descriptionRequired).max(DESCRIPTION_MAX, M.descriptionMax),

  /** Optional; when empty the campaign page URL is used. */
  website: optionalText(isWebsiteUrl, M.website),
  twitter: optionalText(isTwitterUrlOrHandle, M.twitter),
  telegram: optionalText(isTelegramUrlOrHandle, M.telegram),

  /** 1 graduates at 20 SOL (recommended), 2 at 60 SOL. */
  bondingCurveType: z
    .union([z.number(), z.string()], { error: M.bondingCurveType })
    .nullish()
    .transform((value, ctx): BondingCurveType => {
      if (value === undefined || value === null || value === '') return 1;
      const type = Number(value);
      if (!(BONDING_CURVE_TYPES as readonly number[]).includes(type) || String(value).trim() !== String(type)) {
        ctx.addIssue({ code: 'custom', message: M.bondingCurveType });
        return z.NEVER;
      }
      return type as BondingCurveType;
    }),
};

export const creationFormSchema = z.object(creationFields);

/** What the form holds (strings as typed). */
export type CreationFormInput = z.input<typeof creationFormSchema>;
/** What the server works with: trimmed, ticker upper-cased, goal and initialBuy in lamports. */
export type CreationForm = z.output<typeof creationFormSchema>;

// An uploaded file's address: our own /ipfs/{cid} path or an http(s) URL (a pinning gateway).
const MEDIA_URL = /^(https?:\/\/[^\s/$.?#][^\s]*|\/ipfs\/[A-Za-z0-9]+(\/[^\s]*)?)$/;
const MEDIA_URL_MAX = 500;

export function isMediaUrl(value: string): boolean {
  return value.length <= MEDIA_URL_MAX && MEDIA_URL.test(value);
}

export type CampaignPhoto = { url: string; isMain: boolean };

/**
 * The photos as the gallery stores them: exactly one main (the first when none or several
 * are marked), the main one first, the others in the order given.
 */
export function orderPhotos(photos: readonly { url: string; isMain?: boolean | null }[]): CampaignPhoto[] {
  const mainIndex = Math.max(0, photos.findIndex((p) => p.isMain === true));
  const main = photos[mainIndex];
  if (!main) return [];
  return [{ url: main.url, isMain: true }, ...photos.filter((_, i) => i !== mainIndex).map((p) => ({ url: p.url, isMain: false }))];
}

/**
 * The uploaded media a create request carries (the files themselves are checked by the
 * upload route: type and size). The logo is required; video and up to 3 photos are optional.
 */
export const launchMediaFields = {
  imageUrl: z.string({ error: M.logoRequired }).trim().min(1, M.logoRequired).refine(isMediaUrl, M.imageUrl),
  videoUrl: z
    .string({ error: M.videoUrl })
    .nullish()
    .transform((value) => value?.trim() || undefined)
    .refine((value) => value === undefined || isMediaUrl(value), M.videoUrl),
  photos: z
    .array(z.object({
      url: z.string({ error: M.photoUrl }).trim().refine(isMediaUrl, M.photoUrl),
      isMain: z.boolean().nullish(),
    }), { error: M.photoUrl })
    .max(MAX_PHOTOS, M.photosMax)
    .nullish()
    .transform((photos) => orderPhotos(photos ?? [])),
};

/** A create request's campaign fields: the form plus its uploaded media. */
export const launchCampaignSchema = z.object({ ...creationFields, ...launchMediaFields });
export type LaunchCampaignInput = z.input<typeof launchCampaignSchema>;
export type LaunchCampaign = z.output<typeof launchCampaignSchema>;
