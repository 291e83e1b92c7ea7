import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns';

/** The launch states, in order; refunding/refunded/failed are the way out of a funded request that cannot finish. */
export const LAUNCH_STATES = [
  'prepared', 'funded', 'mint_created', 'curve_seeded', 'initial_buy_done', 'campaign_saved', 'created',
  'refunding', 'refunded', 'failed',
] as const;
export type LaunchState = (typeof LAUNCH_STATES)[number];

/** The create body as validated (amounts as lamport strings), kept so a restart can finish the launch. */
export type LaunchForm = {
  name: string;
  ticker: string;
  description: string;
  imageUrl: string;
  videoUrl: string | null;
  photos: { url: string; isMain: boolean }[];
  website: string | null;
  twitter: string | null;
  telegram: string | null;
  category: string;
  goalLamports: string;
  donationWallet: string;
  bondingCurveType: 1 | 2;
  ref: string | null;
  /** The platform's official token (server/official/): its 10% fee, saved as the official_token row instead of a campaign. */
  official?: boolean;
};

const lamports = (name: string) => bigint(name, { mode: 'bigint' });

/**
 * One creation request (prepare -> fund -> create) and how far it got: the state machine
 * of server/launch/. Every wallet it uses is a platform key whose reference is the
 * request id; the signatures of what it sent are kept so a restart can tell what landed.
 */
export const launchRequests = pgTable('launch_requests', {
  requestId: text('request_id').primaryKey(),
  creatorWallet: text('creator_wallet').notNull(),
  state: text('state').$type<LaunchState>().notNull().default('prepared'),
  fundingWallet: text('funding_wallet').notNull(),
  distributorWallet: text('distributor_wallet').notNull(),
  poolWallet: text('pool_wallet').notNull(),
  mint: text('mint').notNull().unique(),
  // dbc: one launch transaction the creator signs. custodial: the retired funding-wallet flow (refused at start while funded).
  program: text('program').$type<'custodial' | 'dbc'>().notNull().default('dbc'),
  dbcConfig: text('dbc_config'),
  launchSignature: text('launch_signature'),
  // What prepare asked for: 0.05 SOL plus the initial buy given then.
  amountToFundLamports: lamports('amount_to_fund_lamports').notNull(),
  initialBuyLamports: lamports('initial_buy_lamports').notNull().default(sql`0`),
  form: jsonb('form').$type<LaunchForm>(),
  curveType: smallint('curve_type'),
  // The funding wallet's balance when the request counted as funded.
  fundedLamports: lamports('funded_lamports'),
  mintSignature: text('mint_signature'),
  // The initial buy's quote and its signature, stored before it is sent.
  buyQuoteId: text('buy_quote_id'),
  buySignature: text('buy_signature'),
  buyTokens: lamports('buy_tokens'),
  campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
  sweepSignature: text('sweep_signature'),
  refundSignature: text('refund_signature'),
  refundedLamports: lamports('refunded_lamports'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  check('launch_requests_state', sql.raw(`state in (${LAUNCH_STATES.map((s) => `'${s}'`).join(', ')})`)),
  index('launch_requests_state_idx').on(t.state),
  index('launch_requests_creator_idx').on(t.creatorWallet),
]);
