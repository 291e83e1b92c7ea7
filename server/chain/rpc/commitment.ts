import type { LocalLedger } from '../ledger/ledger';
import { checkMinContextSlot, type RpcContext } from './context';
import { INVALID_PARAMS, RpcError, invalidParams } from './errors';
import type { Config } from './params';
import { rootOf } from './signatureStatus';

export type Commitment = 'processed' | 'confirmed' | 'finalized';

// The levels web3.js 1.x still sends under their old names (Agave's serde aliases before 2.0).
const LEVELS: Record<string, Commitment> = {
  processed: 'processed', confirmed: 'confirmed', finalized: 'finalized',
  recent: 'processed', single: 'confirmed', singleGossip: 'confirmed', root: 'finalized', max: 'finalized',
};

/** The config's commitment; a validator's default is `finalized`. */
export function commitmentOf(config: Config): Commitment {
  const value = config.commitment;
  if (value === undefined || value === null) return 'finalized';
  const level = typeof value === 'string' && Object.hasOwn(LEVELS, value) ? LEVELS[value] : undefined;
  if (!level) throw invalidParams(`Invalid params: unknown variant \`${String(value)}\`, expected one of \`processed\`, \`confirmed\`, \`finalized\`.`);
  return level;
}

/** The commitment of a block or history read, which refuses `processed` as a validator does. */
export function readCommitmentOf(config: Config): Exclude<Commitment, 'processed'> {
  const level = commitmentOf(config);
  if (level === 'processed') throw new RpcError(INVALID_PARAMS, 'Method does not support commitment below `confirmed`');
  return level;
}

/**
 * The root: ROOT_DEPTH slots behind the tip (where slotNotification, rootNotification and
 * signature statuses put it; after a restart never below the slots written before it), and never past the newest finished block, so nothing at or
 * below it can change. Below the first slot while the ledger is younger than ROOT_DEPTH:
 * nothing is rooted yet.
 */
export function rootSlot(ledger: LocalLedger): bigint {
  const root = rootOf(ledger.slot, ledger.restartRoot);
  const finished = ledger.lastBlockSlot;
  return root < finished ? root : finished;
}

/** The newest block a block read at this commitment may serve (below the first slot: none yet). */
export function highestBlockAt(ledger: LocalLedger, commitment: 'confirmed' | 'finalized'): bigint {
  return commitment === 'confirmed' ? ledger.lastBlockSlot : rootSlot(ledger);
}

/**
 * The slot a commitment level stands at, as a validator's banks do: `processed` the slot
 * taking transactions, `confirmed` the newest finished block (whose transactions are all
 * durable; this ledger is its only voter), `finalized` the root; the first slot while there
 * is no such block yet, as genesis is on a new cluster.
 */
export function slotAt(ledger: LocalLedger, commitment: Commitment): bigint {
  if (commitment === 'processed') return ledger.slot;
  const slot = highestBlockAt(ledger, commitment);
  return slot > ledger.firstSlot ? slot : ledger.firstSlot;
}

/** The slot a call reads at (its commitment's), checked against its `minContextSlot`. */
export function bankSlot(ctx: RpcContext, config: Config): bigint {
  const slot = slotAt(ctx.ledger, commitmentOf(config));
  checkMinContextSlot(ctx, config, slot);
  return slot;
}

/**
 * The slot an account read answers at: the root at `finalized`, as a validator's root bank;
 * the tip at `processed` and `confirmed`. `confirmed` is the tip because a transaction here is
 * confirmed once durable, before its slot ends (signature statuses, sendAndConfirm): a client
 * reading at `confirmed` after its confirmation must see it.
 */
export function accountSlot(ctx: RpcContext, config: Config): bigint {
  const slot = commitmentOf(config) === 'finalized' ? slotAt(ctx.ledger, 'finalized') : ctx.ledger.slot;
  checkMinContextSlot(ctx, config, slot);
  return slot;
}
