import { MIN_CONTEXT_SLOT_NOT_REACHED, RpcError, blockCleanedUp, blockNotAvailable, invalidParams, unsupportedTransactionVersion } from '../errors';
import { commitmentOf, highestBlockAt, readCommitmentOf, slotAt } from '../commitment';
import { SLOTS_PER_EPOCH } from '../../ledger/programs';
import { MAX_FEE_ACCOUNTS } from '../../ledger/prioritizationFees';
import { renderedBlocks } from '../blockCache';
import { entriesInForm } from '../blockEntries';
import type { StoredBlock } from '../../ledger/store';
import { withContext, type MethodTable, type RpcContext } from '../context';
import { RawJson, serializeRpc, stringifyPlain } from '../json';
import { configParam, optionalNumber, pubkeyParam, requireParam, type Config } from '../params';
import {
  encodeTransactionAccounts, encodeTransactionWithMeta, readsVersionedParam, transactionEncodingParam, transactionVersion, type TxEncoding,
} from '../transactionJson';

/** The validator's MAX_GET_CONFIRMED_BLOCKS_RANGE. */
const MAX_BLOCKS_RANGE = 500_000n;
/** The SlotHistory sysvar's window (MAX_ENTRIES): how far back getBlockProduction can look. */
const SLOT_HISTORY_ENTRIES = 1024n * 1024n;
const OPEN_LIST = Buffer.from('[');
const CLOSE_LIST = Buffer.from(']');
const DETAILS = ['full', 'signatures', 'none', 'accounts'] as const;
type TransactionDetails = typeof DETAILS[number];

/**
 * Blocks, as a validator serves them from its blockstore, and the fees paid in recent ones.
 * Every slot from the ledger's first up to `ledger.lastBlockSlot` is a block (the slot clock
 * produces one per slot; a slot without transactions is an empty block, as on a cluster), with
 * the blockhash getLatestBlockhash handed out in that slot, its parent the slot before and its
 * height equal to its slot (nothing is skipped, which is why getBlockHeight equals getSlot).
 * The current slot still takes transactions, so its block is not available yet; at
 * `finalized` a block is available once the root has reached it, as on a validator.
 */
export const blockMethods: MethodTable = {
  getBlock: async (params, ctx) => {
    const slot = slotParam(requireParam(params, 0, 'slot'));
    const config: Config = typeof params[1] === 'string' ? { encoding: params[1] } : configParam(params, 1);
    const commitment = readCommitmentOf(config);
    const encoding = transactionEncodingParam(config);
    const details = detailsParam(config);
    const showRewards = booleanParam(config, 'rewards') ?? true;
    const withVersion = readsVersionedParam(config);
    checkBlockAvailable(ctx, slot, commitment);
    const cache = renderedBlocks(ctx.ledger);
    const key = `${slot}:${details}:${encoding}:${showRewards}:${withVersion}`;
    const cached = cache.get(key);
    if (cached !== undefined) return new RawJson(cached);

    const parentSlot = slot > ctx.ledger.firstSlot ? slot - 1n : slot;
    const block: Record<string, unknown> = {
      previousBlockhash: ctx.ledger.blockhashAt(parentSlot),
      blockhash: ctx.ledger.blockhashAt(slot),
      parentSlot,
    };
    let blockTime: bigint | null;
    const stored = details === 'full' ? await storedEntries(ctx, slot, encoding) : null;
    if (details === 'signatures') {
      const read = await ctx.store.blockSignatures(slot);
      block.signatures = new RawJson(read.signatures);
      blockTime = read.blockTime;
    } else if (details === 'none') {
      blockTime = await ctx.store.slotBlockTime(slot);
    } else if (stored && typeof stored.list !== 'string' && showRewards && withVersion) {
      // The stored form itself, as bytes from the block's file: they go to the socket untouched.
      block.transactions = new RawJson([OPEN_LIST, stored.list, CLOSE_LIST]);
      blockTime = stored.blockTime;
    } else if (stored) {
      const { text, anyV0 } = entriesInForm(stored.list.toString(), showRewards, withVersion);
      if (!withVersion && anyV0) throw unsupportedTransactionVersion(0);
      block.transactions = new RawJson(`[${text}]`);
      blockTime = stored.blockTime;
    } else {
      const records = await ctx.store.blockTransactions(slot);
      // The whole block fails when one transaction is newer than the client reads, as on a validator.
      if (!withVersion) for (const r of records) if (transactionVersion(r) === 0) throw unsupportedTransactionVersion(0);
      // Each transaction is written on its own: most have no u64 past 2^53 and take the fast path.
      block.transactions = records.map((r) => new RawJson(stringifyPlain(details === 'full'
        ? encodeTransactionWithMeta(r, encoding, withVersion, showRewards)
        : encodeTransactionAccounts(r, withVersion, showRewards))));
      blockTime = records[0]?.blockTime ?? null;
    }
    // A one-node ledger with no stake pays no rewards: the list is there, and empty.
    if (showRewards) block.rewards = [];
    block.blockTime = blockTime ?? BigInt(ctx.ledger.slotTime(slot)!);
    block.blockHeight = slot;
    const text = serializeRpc(block);
    // Bytes read from a file are not kept: the page cache holds them, off the heap.
    if (typeof text === 'string') cache.set(key, text);
    return new RawJson(text);
  },

  getBlocks: (params, ctx) => {
    const start = slotParam(requireParam(params, 0, 'start_slot'));
    // The second param is either the end slot or the config (the validator's RpcBlocksConfigWrapper).
    const endGiven = params[1] === undefined || params[1] === null || typeof params[1] === 'object' ? undefined : slotParam(params[1]);
    const config = typeof params[1] === 'object' && params[1] !== null ? configParam(params, 1) : configParam(params, 2);
    const highest = highestBlock(ctx, config);
    let end = endGiven ?? start + MAX_BLOCKS_RANGE;
    if (end > highest) end = highest;
    if (end < start) return [];
    if (end - start > MAX_BLOCKS_RANGE) throw invalidParams(`Slot range too large; max ${MAX_BLOCKS_RANGE}`);
    return slotRange(start > ctx.ledger.firstSlot ? start : ctx.ledger.firstSlot, end);
  },

  getBlocksWithLimit: (params, ctx) => {
    const start = slotParam(requireParam(params, 0, 'start_slot'));
    const limit = slotParam(requireParam(params, 1, 'limit'));
    const config = configParam(params, 2);
    if (limit > MAX_BLOCKS_RANGE) throw invalidParams(`Limit too large; max ${MAX_BLOCKS_RANGE}`);
    const highest = highestBlock(ctx, config);
    const from = start > ctx.ledger.firstSlot ? start : ctx.ledger.firstSlot;
    const to = from + limit - 1n < highest ? from + limit - 1n : highest;
    return slotRange(from, to);
  },

  getBlockTime: async (params, ctx) => {
    const slot = slotParam(requireParam(params, 0, 'slot'));
    if (slot < ctx.ledger.firstSlot) throw blockCleanedUp(slot, ctx.ledger.firstSlot);
    // The current slot has a time (its bank exists) though its block is not finished; a later one has none.
    const time = ctx.ledger.slotTime(slot);
    if (time === undefined) throw blockNotAvailable(slot);
    return await ctx.store.slotBlockTime(slot) ?? time;
  },

  // No stake and no votes on this ledger: no commitment is tracked for any block, and the
  // stake behind them is zero (the validator's answer for a slot its commitment cache lacks).
  getBlockCommitment: (params) => {
    slotParam(requireParam(params, 0, 'block'));
    return { commitment: null, totalStake: 0 };
  },

  getBlockProduction: (params, ctx) => {
    const config = configParam(params, 0);
    const identity = config.identity === undefined || config.identity === null ? undefined : pubkeyParam(config.identity);
    const current = slotAt(ctx.ledger, commitmentOf(config));
    let firstSlot = (current / SLOTS_PER_EPOCH) * SLOTS_PER_EPOCH;
    let lastSlot = current;
    const range = config.range as { firstSlot?: unknown; lastSlot?: unknown } | undefined | null;
    if (range !== undefined && range !== null) {
      if (typeof range !== 'object') throw invalidParams('Invalid params: invalid type: expected struct RpcBlockProductionConfigRange.');
      firstSlot = slotParam(range.firstSlot);
      lastSlot = range.lastSlot === undefined || range.lastSlot === null ? current : slotParam(range.lastSlot);
      if (lastSlot < firstSlot) throw invalidParams(`lastSlot, ${lastSlot}, cannot be less than firstSlot, ${firstSlot}`);
    }
    const oldest = current + 1n > SLOT_HISTORY_ENTRIES ? current + 1n - SLOT_HISTORY_ENTRIES : 0n;
    if (firstSlot < oldest) throw invalidParams(`firstSlot, ${firstSlot}, is too small; min ${oldest}`);
    if (lastSlot > current) throw invalidParams(`lastSlot, ${lastSlot}, is too large; max ${current}`);
    // This node leads every slot, and every slot it led since its genesis is a block.
    const self = ctx.ledger.faucet.publicKey.toBase58();
    const byIdentity: Record<string, [bigint, bigint]> = {};
    if (identity === undefined || identity === self) {
      const produced = firstSlot >= ctx.ledger.firstSlot ? lastSlot - firstSlot + 1n
        : lastSlot >= ctx.ledger.firstSlot ? lastSlot - ctx.ledger.firstSlot + 1n : 0n;
      byIdentity[self] = [lastSlot - firstSlot + 1n, produced];
    }
    return withContext(ctx, { byIdentity, range: { firstSlot, lastSlot } }, current);
  },

  getRecentPrioritizationFees: (params, ctx) => {
    const given = params[0] ?? [];
    if (!Array.isArray(given)) throw invalidParams('Invalid params: invalid type: expected a sequence.');
    if (given.length > MAX_FEE_ACCOUNTS) throw invalidParams(`Too many inputs provided; max ${MAX_FEE_ACCOUNTS}`);
    const accounts = given.map(pubkeyParam);
    return ctx.ledger.prioritizationFees.recent(ctx.ledger.lastBlockSlot, accounts);
  },
};

/** The slot's entries as rendered at commit; null where they must be rendered now. */
function storedEntries(ctx: RpcContext, slot: bigint, encoding: TxEncoding): Promise<StoredBlock | null> | null {
  if (encoding !== 'json' && encoding !== 'jsonParsed') return null;
  return ctx.store.storedBlock(slot, encoding === 'json' ? 'json' : 'parsed');
}

/** A block at the commitment exists for the slot (at `finalized` a rooted one), or the validator's error for why not. */
function checkBlockAvailable(ctx: RpcContext, slot: bigint, commitment: 'confirmed' | 'finalized'): void {
  if (slot > highestBlockAt(ctx.ledger, commitment)) throw blockNotAvailable(slot);
  if (slot < ctx.ledger.firstSlot) throw blockCleanedUp(slot, ctx.ledger.firstSlot);
}

/** The highest block getBlocks may list (the root at `finalized`), checked against minContextSlot. */
function highestBlock(ctx: RpcContext, config: Config): bigint {
  const highest = highestBlockAt(ctx.ledger, readCommitmentOf(config));
  const min = optionalNumber(config, 'minContextSlot');
  if (min !== undefined && BigInt(min) > highest) {
    throw new RpcError(MIN_CONTEXT_SLOT_NOT_REACHED, 'Minimum context slot has not been reached', { contextSlot: highest });
  }
  return highest;
}

function slotRange(from: bigint, to: bigint): number[] {
  const out: number[] = [];
  for (let s = from; s <= to; s++) out.push(Number(s));
  return out;
}

function slotParam(value: unknown): bigint {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw invalidParams('Invalid params: invalid type: expected u64.');
  return BigInt(value);
}

function detailsParam(config: Config): TransactionDetails {
  const value = config.transactionDetails ?? 'full';
  if (DETAILS.includes(value as TransactionDetails)) return value as TransactionDetails;
  throw invalidParams(`Invalid params: unknown variant \`${String(value)}\`, expected one of \`full\`, \`signatures\`, \`none\`, \`accounts\`.`);
}

function booleanParam(config: Config, key: string): boolean | undefined {
  const value = config[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw invalidParams(`Invalid params: ${key} must be a boolean.`);
  return value;
}
