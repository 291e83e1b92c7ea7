import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns';

/** A run's states in order: each is stored only once its step is done on chain. */
export const DISTRIBUTION_STATES = ['started', 'harvested', 'withdrawn', 'sold', 'holders_paid', 'bought_back', 'burned', 'paid'] as const;
/**
 * 'campaign': 80% donation / 20% treasury. 'official': the official token's tokenomics (server/official/distribution).
 * 'dbc_claim': a campaign on its own DBC pool (issue 36): the creator role's accrued SOL fee claimed straight to the donation wallet.
 * 'partner_claim': the platform's share of that pool's fee (CURVE_PLATFORM_SHARE_PERCENT), claimed by the partner key
 * (the run's distributor wallet) straight to the treasury; it runs beside the campaign's own runs.
 */
export type DistributionKind = 'campaign' | 'official' | 'dbc_claim' | 'partner_claim';
/** One holder's share of an official run's holder rewards, in transaction batch `batch`. */
export type HolderPayout = { owner: string; tokens: string; lamports: string; batch: number };
export type DistributionState = (typeof DISTRIBUTION_STATES)[number];

/**
 * Every transaction a run sent, written before it is sent (so a crash cannot hide one).
 * `fee` is its network fee and `lamports` the SOL it moves out of the treasury beyond
 * that fee (a top-up, a new token account's rent); both count only if it landed.
 */
export type DistributionTx = {
  step: 'harvest' | 'withdraw' | 'top_up' | 'sell' | 'payout' | 'holders' | 'buyback' | 'burn' | 'claim';
  /** Holder reward batches: which batch of the run's holderPayouts. */
  batch?: number;
  signature: string;
  payer: 'treasury' | 'distributor';
  fee: string;
  lamports: string;
  /** The blockhash it was built on: once that expired, a transaction not on the chain never will be. Absent in older rows. */
  blockhash?: string;
};

const lamports = (name: string) => bigint(name, { mode: 'bigint' });

/**
 * One fee distribution of one campaign (server/distributor): harvest the withheld fees
 * into the mint, withdraw them to the distributor wallet, sell them on the campaign's
 * pool, pay 20% to the treasury and the rest to the donation wallet. The journal of
 * amounts and signatures is what makes a run resumable after a crash.
 */
export const distributionRuns = pgTable('distribution_runs', {
  id: text('id').primaryKey(),
  kind: text('kind').$type<DistributionKind>().notNull().default('campaign'),
  // Null for the official token's runs.
  campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'cascade' }),
  mint: text('mint').notNull(),
  distributorWallet: text('distributor_wallet').notNull(),
  donationWallet: text('donation_wallet').notNull(),
  treasuryWallet: text('treasury_wallet').notNull(),
  state: text('state').$type<DistributionState>().notNull().default('started'),
  // The donation the run expected when it passed the dust floor.
  estimatedDonationLamports: lamports('estimated_donation_lamports').notNull(),
  txs: jsonb('txs').$type<DistributionTx[]>().notNull().default([]),
  harvestedAccounts: integer('harvested_accounts').notNull().default(0),
  // Tokens in the mint's withheld balance after the harvest (what the withdraw takes).
  withheldTokens: lamports('withheld_tokens'),
  withdrawSignature: text('withdraw_signature'),
  // The distributor's token account balance after the withdraw: everything the sell sells.
  withdrawnTokens: lamports('withdrawn_tokens'),
  sellQuoteId: text('sell_quote_id'),
  sellSignature: text('sell_signature'),
  soldTokens: lamports('sold_tokens'),
  soldLamports: lamports('sold_lamports'),
  payoutSignature: text('payout_signature'),
  donationLamports: lamports('donation_lamports'),
  platformFeeLamports: lamports('platform_fee_lamports'),
  // Official runs: SOL the previous run left in the distributor wallet, holder dust and an unpaid charity share, shared out again here.
  carriedInLamports: lamports('carried_in_lamports').notNull().default(sql`0`),
  charityCarriedInLamports: lamports('charity_carried_in_lamports').notNull().default(sql`0`),
  holderRewardsLamports: lamports('holder_rewards_lamports'),
  holderPayouts: jsonb('holder_payouts').$type<HolderPayout[]>(),
  holderPaidLamports: lamports('holder_paid_lamports'),
  buybackLamports: lamports('buyback_lamports'),
  buybackQuoteId: text('buyback_quote_id'),
  buybackSignature: text('buyback_signature'),
  buybackTokens: lamports('buyback_tokens'),
  burnSignature: text('burn_signature'),
  charityWallet: text('charity_wallet'),
  charityName: text('charity_name'),
  charityLamports: lamports('charity_lamports'),
  // What this run leaves in the distributor wallet for the next one (carriedInLamports there).
  carriedOutLamports: lamports('carried_out_lamports'),
  charityCarriedOutLamports: lamports('charity_carried_out_lamports'),
  // Filled when paid, from the landed transactions in `txs`.
  networkFeeLamports: lamports('network_fee_lamports'),
  topUpLamports: lamports('top_up_lamports'),
  tokenAccountRentLamports: lamports('token_account_rent_lamports'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
}, (t) => [
  // At most one unfinished run per campaign: a crashed run is resumed, never doubled. The platform's
  // claim of the campaign's pool runs beside the cause's, one unfinished at most too.
  uniqueIndex('distribution_runs_one_open_idx').on(t.campaignId).where(sql`${t.state} <> 'paid' and ${t.kind} <> 'partner_claim'`),
  uniqueIndex('distribution_runs_one_open_partner_idx').on(t.campaignId).where(sql`${t.kind} = 'partner_claim' and ${t.state} <> 'paid'`),
  uniqueIndex('distribution_runs_one_open_official_idx').on(t.kind).where(sql`${t.kind} = 'official' and ${t.state} <> 'paid'`),
  index('distribution_runs_campaign_idx').on(t.campaignId, t.createdAt),
  check('distribution_runs_state', sql.raw(`state in (${DISTRIBUTION_STATES.map((s) => `'${s}'`).join(', ')})`)),
  check('distribution_runs_kind', sql`(${t.kind} in ('campaign', 'dbc_claim', 'partner_claim') and ${t.campaignId} is not null) or ${t.kind} = 'official'`),
]);
