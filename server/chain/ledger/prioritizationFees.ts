import { COMPUTE_BUDGET_PROGRAM } from './programs';
import type { TxRecord } from './store';
import { decodeWireTransaction, isStaticWritable, type WireTransaction } from './wire';

/** The validator's MAX_NUM_RECENT_BLOCKS: how many blocks its prioritization fee cache keeps. */
const RECENT_BLOCKS = 150;
/** The validator's MAX_TX_ACCOUNT_LOCKS: most accounts one getRecentPrioritizationFees may name. */
export const MAX_FEE_ACCOUNTS = 128;

type BlockFees = { min: bigint; accounts: Map<string, bigint> };

/**
 * The validator's prioritization fee cache: for each of the last 150 blocks that held
 * transactions, the lowest compute-unit price paid in it, and per writable account the lowest
 * price paid by the transactions that wrote it. In memory only, as on a validator (a restart
 * starts it empty).
 */
export class PrioritizationFees {
  private readonly blocks = new Map<bigint, BlockFees>();

  /** A durable transaction; slots arrive in order (one ledger, one clock). */
  note(record: TxRecord): void {
    const tx = decodeWireTransaction(record.raw, record);
    const price = computeUnitPrice(tx);
    if (price === undefined) return;
    let block = this.blocks.get(record.slot);
    if (!block) {
      block = { min: price, accounts: new Map() };
      this.blocks.set(record.slot, block);
      for (const slot of this.blocks.keys()) {
        if (this.blocks.size <= RECENT_BLOCKS) break;
        this.blocks.delete(slot);
      }
    }
    if (price < block.min) block.min = price;
    for (const key of writableKeys(record, tx)) {
      const seen = block.accounts.get(key);
      if (seen === undefined || price < seen) block.accounts.set(key, price);
    }
  }

  /** Oldest first, blocks up to `lastSlot`: the block's lowest price, or the highest of the named accounts' lowest prices. */
  recent(lastSlot: bigint, accounts: string[]): { slot: bigint; prioritizationFee: bigint }[] {
    const out: { slot: bigint; prioritizationFee: bigint }[] = [];
    for (const [slot, block] of this.blocks) {
      if (slot > lastSlot) break;
      let fee = block.min;
      for (const account of accounts) {
        const paid = block.accounts.get(account);
        if (paid !== undefined && paid > fee) fee = paid;
      }
      out.push({ slot, prioritizationFee: fee });
    }
    return out;
  }
}

/**
 * The micro-lamports per compute unit a transaction offered (SetComputeUnitPrice, 0 without),
 * or undefined for one the validator leaves out: a duplicate compute budget instruction or
 * a compute-unit limit of zero.
 */
function computeUnitPrice(tx: WireTransaction): bigint | undefined {
  let price: bigint | undefined;
  let limitSet = false;
  for (const ix of tx.instructions) {
    if (tx.staticKeys[ix.programIdIndex] !== COMPUTE_BUDGET_PROGRAM) continue;
    const data = Buffer.from(ix.data.buffer, ix.data.byteOffset, ix.data.byteLength);
    if (data[0] === 3 && data.length === 9) {
      if (price !== undefined) return undefined;
      price = data.readBigUInt64LE(1);
    } else if (data[0] === 2 && data.length === 5) {
      if (limitSet) return undefined;
      limitSet = true;
      if (data.readUInt32LE(1) === 0) return undefined;
    }
  }
  return price ?? 0n;
}

/** The accounts a transaction write-locked (a program it invokes is never writable). */
function writableKeys(record: TxRecord, tx: WireTransaction): string[] {
  const invoked = new Set(tx.instructions.map((ix) => ix.programIdIndex));
  const loadedWritable = record.meta.loadedAddresses.writable.length;
  return record.accountKeys.filter((_, i) => (i < tx.staticKeys.length
    ? isStaticWritable(tx, i) && !invoked.has(i)
    : i - tx.staticKeys.length < loadedWritable));
}
