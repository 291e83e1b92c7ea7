import { sql } from 'drizzle-orm';
import {
  bigint, bigserial, boolean, check, customType, index, integer, numeric, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns';

// node-postgres hands bytea back as a Buffer, PGlite as a Uint8Array: callers get a Buffer.
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

const u64 = (name: string) => bigint(name, { mode: 'bigint' });

/**
 * One pool per mint: the campaign's DBC pool (pool_wallet, a program account no key of ours
 * can move) and its curve state as the swap indexer last read it from the chain.
 */
export const curvePools = pgTable('curve_pools', {
  mint: text('mint').primaryKey(),
  campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
  // dbc: a Meteora DBC pool at pool_wallet; after graduation, damm_pool. custodial: the retired
  // design's pool wallet (a database holding one stops the start: server/db/upgrade/retiredCustodial.ts).
  program: text('program').$type<'custodial' | 'dbc'>().notNull().default('dbc'),
  poolWallet: text('pool_wallet').notNull(),
  dbcConfig: text('dbc_config'),
  dammPool: text('damm_pool'),
  curveType: smallint('curve_type').notNull(),
  thresholdLamports: u64('threshold_lamports').notNull(),
  // The mint's transfer fee (600 bps for campaigns), read once when the pool is seeded.
  transferFeeBps: integer('transfer_fee_bps').notNull(),
  maximumFee: numeric('maximum_fee', { precision: 20, scale: 0 }).notNull(),
  virtualSolReserves: u64('virtual_sol_reserves').notNull(),
  virtualTokenReserves: u64('virtual_token_reserves').notNull(),
  realSolReserves: u64('real_sol_reserves').notNull(),
  realTokenReserves: u64('real_token_reserves').notNull(),
  lockedTokenReserves: u64('locked_token_reserves').notNull(),
  complete: boolean('complete').notNull().default(false),
  // Bumped by every write to the pool's book (quote, claim, commit): the optimistic check of bookStore.ts.
  version: integer('version').notNull().default(0),
  graduatedAt: timestamp('graduated_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  check('curve_pools_reserves_nonnegative', sql`${t.realSolReserves} >= 0 and ${t.realTokenReserves} >= 0 and ${t.lockedTokenReserves} >= 0`),
  check('curve_pools_program', sql`${t.program} in ('custodial', 'dbc')`),
  uniqueIndex('curve_pools_campaign').on(t.campaignId),
  uniqueIndex('curve_pools_pool_wallet').on(t.poolWallet),
]);

/**
 * A built trade transaction: a firm quote. `message` is the exact serialized message the
 * trader signs and the only one the pool wallet will co-sign (found by `message_hash`).
 * open and executing quotes are the pool's reservations.
 */
export const curveQuotes = pgTable('curve_quotes', {
  id: text('id').primaryKey(),
  // Creation order: later quotes are priced after earlier ones.
  seq: bigserial('seq', { mode: 'bigint' }).notNull().unique(),
  mint: text('mint').notNull().references(() => curvePools.mint),
  side: text('side').notNull(),
  traderWallet: text('trader_wallet').notNull(),
  // buy: lamports the trader pays / tokens the pool sends. sell: tokens the trader sends / lamports the pool pays.
  amountIn: u64('amount_in').notNull(),
  amountOut: u64('amount_out').notNull(),
  // Withheld by Token-2022 from the token leg (in the recipient's account).
  transferFee: u64('transfer_fee').notNull(),
  // What the trader ends up with: tokens after the fee (buy) or lamports (sell).
  expectedOutput: u64('expected_output').notNull(),
  // Every lamport the trader's wallet pays if it lands (buy: SOL in, network fees, a new token
  // account's rent; sell: network fees): a wallet's live quotes together never exceed its SOL.
  traderLamports: u64('trader_lamports').notNull().default(sql`0`),
  // The HTTP client (request.ip) that asked for it, so per-address caps hold across processes;
  // null for the server's own quotes (distributor, launch, demo), which no address's cap counts.
  clientAddress: text('client_address'),
  slippageBps: integer('slippage_bps').notNull(),
  messageHash: text('message_hash').notNull(),
  message: bytea('message').notNull(),
  status: text('status').notNull().default('open'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  signature: text('signature'),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  settledAt: timestamp('settled_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('curve_quotes_message_hash').on(t.messageHash),
  index('curve_quotes_mint_status').on(t.mint, t.status),
  // A wallet's live quotes, summed against its balance on every build.
  index('curve_quotes_trader_live').on(t.traderWallet).where(sql`status in ('open', 'executing')`),
  // An address's live quotes, counted against its caps on every build it asks for.
  index('curve_quotes_client_live').on(t.clientAddress).where(sql`status in ('open', 'executing') and client_address is not null`),
  check('curve_quotes_side', sql`${t.side} in ('buy', 'sell')`),
  check('curve_quotes_status', sql`${t.status} in ('open', 'executing', 'executed', 'expired', 'failed')`),
]);

/**
 * Every executed curve trade, keyed by its signature and, where one transaction makes several
 * swaps (a DBC pool traded from the chain by anyone), its swap's place in it: the source of
 * prices, volume and candles.
 */
export const curveTrades = pgTable('curve_trades', {
  signature: text('signature').notNull(),
  swapIndex: integer('swap_index').notNull().default(0),
  mint: text('mint').notNull().references(() => curvePools.mint),
  quoteId: text('quote_id').references(() => curveQuotes.id),
  side: text('side').notNull(),
  wallet: text('wallet').notNull(),
  solLamports: u64('sol_lamports').notNull(),
  // Base units leaving the sender, and arriving at the recipient after the transfer fee.
  tokensSent: u64('tokens_sent').notNull(),
  tokensReceived: u64('tokens_received').notNull(),
  // SOL per whole token at the curve (lamports per token base unit: both have 9 decimals).
  price: numeric('price', { precision: 40, scale: 20 }).notNull(),
  // The pool after this trade, for market cap and price charts.
  virtualSolAfter: u64('virtual_sol_after').notNull(),
  virtualTokensAfter: u64('virtual_tokens_after').notNull(),
  realSolAfter: u64('real_sol_after').notNull(),
  // A DBC or DAMM v2 pool's fee on this trade in lamports, its protocol's share included, and that share (0 for custodial trades).
  feeLamports: u64('fee_lamports').notNull().default(sql`0`),
  protocolFeeLamports: u64('protocol_fee_lamports').notNull().default(sql`0`),
  slot: u64('slot'),
  blockTime: timestamp('block_time', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.signature, t.swapIndex] }),
  index('curve_trades_mint_time').on(t.mint, t.blockTime),
  index('curve_trades_wallet').on(t.wallet),
  // A mint's largest trades (the chart's markers) without reading all its trades.
  index('curve_trades_mint_sol').on(t.mint, t.solLamports),
  check('curve_trades_side', sql`${t.side} in ('buy', 'sell')`),
]);

/**
 * How far the swap indexer has read each DBC or DAMM v2 pool's history on a cluster (its newest
 * signature read), so a restart backfills from there with getSignaturesForAddress and misses nothing.
 */
export const curveIndexCursors = pgTable('curve_index_cursors', {
  pool: text('pool').primaryKey(),
  lastSignature: text('last_signature').notNull(),
  lastSlot: u64('last_slot').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
