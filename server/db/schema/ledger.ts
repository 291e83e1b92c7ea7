import { bigint, boolean, customType, index, jsonb, numeric, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

// The local ledger's durable state (local mode only). LiteSVM keeps accounts in memory and
// almost no history: these tables are the source of truth it is rebuilt from on start.

// node-postgres hands bytea back as a Buffer, PGlite as a Uint8Array: callers get a Uint8Array.
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) => new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
});

const u64 = (name: string) => bigint(name, { mode: 'bigint' });

/** Every executed transaction, successful or failed (failures still charge fees). */
export const ledgerTransactions = pgTable('ledger_transactions', {
  signature: text('signature').primaryKey(),
  // Execution order across the whole ledger: history pages and "newest first" use it.
  seq: u64('seq').notNull().unique(),
  slot: u64('slot').notNull(),
  blockTime: u64('block_time').notNull(),
  raw: bytea('raw').notNull(),
  // The account keys in message order, lookup-table addresses appended (writable first).
  accountKeys: text('account_keys').array().notNull(),
  err: jsonb('err'),
  fee: u64('fee').notNull(),
  computeUnits: u64('compute_units').notNull(),
  // preBalances, postBalances, preTokenBalances, postTokenBalances, logMessages,
  // innerInstructions, loadedAddresses, returnData: the RPC `meta` minus what has a column.
  meta: jsonb('meta').notNull(),
  memo: text('memo'),
}, (t) => [index('ledger_transactions_slot').on(t.slot)]);

/**
 * Each transaction's getBlock entry as JSON text, rendered once as it is written (encoding 0
 * json, 1 jsonParsed; its version and an empty rewards list last): a full block is one range
 * read and one string_agg. Rows of their own keep ledger_transactions' rows small and these
 * ones under the size the database compresses. Transactions written before it have none.
 */
export const ledgerBlockEntries = pgTable('ledger_block_entries', {
  slot: u64('slot').notNull(),
  encoding: smallint('encoding').notNull(),
  seq: u64('seq').notNull(),
  entry: text('entry').notNull(),
}, (t) => [primaryKey({ columns: [t.slot, t.encoding, t.seq] })]);

/** address -> signatures, denormalised so a history page is one index range scan. */
export const ledgerAddressSignatures = pgTable('ledger_address_signatures', {
  address: text('address').notNull(),
  seq: u64('seq').notNull(),
  signature: text('signature').notNull(),
  slot: u64('slot').notNull(),
  blockTime: u64('block_time').notNull(),
  err: jsonb('err'),
  memo: text('memo'),
}, (t) => [primaryKey({ columns: [t.address, t.seq] })]);

/** The latest state of every account a transaction wrote (lamports 0 = closed). */
export const ledgerAccounts = pgTable('ledger_accounts', {
  address: text('address').primaryKey(),
  lamports: u64('lamports').notNull(),
  owner: text('owner').notNull(),
  executable: boolean('executable').notNull().default(false),
  // u64: the runtime's "exempt forever" value (2^64 - 1) does not fit a signed bigint.
  rentEpoch: numeric('rent_epoch', { precision: 20, scale: 0 }).notNull(),
  data: bytea('data').notNull(),
  updatedSlot: u64('updated_slot').notNull(),
});

/** Ledger-wide settings: the genesis record (faucet key, blockhash seed, start time). */
export const ledgerMeta = pgTable('ledger_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});
