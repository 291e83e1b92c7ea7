import { eq } from 'drizzle-orm';
import type { CurveState } from '../../core/curve';
import { initialCurveState, initialCurveStateForThreshold } from '../../core/curve';
import type { BondingCurveType } from '../../core/enums';
import { TOKEN_TOTAL_SUPPLY } from '../../core/constants';
import type { TransferFee } from '../../core/tokenFee';
import type { Db } from '../db/client';
import { curvePools } from '../db/schema';
import { rentExemptLamports } from '../chain/token';

export type PoolRow = typeof curvePools.$inferSelect;

/**
 * The pool wallet is a plain system account and must stay rent-exempt: it is funded with
 * this much before the first trade and never pays it out, so on chain
 * lamports(pool wallet) = POOL_WALLET_RENT_LAMPORTS + realSolReserves.
 */
export const POOL_WALLET_RENT_LAMPORTS = rentExemptLamports(0);

export function stateOfPool(row: PoolRow): CurveState {
  return {
    virtualSolReserves: row.virtualSolReserves,
    virtualTokenReserves: row.virtualTokenReserves,
    realSolReserves: row.realSolReserves,
    realTokenReserves: row.realTokenReserves,
    lockedTokenReserves: row.lockedTokenReserves,
    complete: row.complete,
    thresholdLamports: row.thresholdLamports,
  };
}

export function stateColumns(state: CurveState) {
  return {
    virtualSolReserves: state.virtualSolReserves,
    virtualTokenReserves: state.virtualTokenReserves,
    realSolReserves: state.realSolReserves,
    realTokenReserves: state.realTokenReserves,
    lockedTokenReserves: state.lockedTokenReserves,
    complete: state.complete,
  };
}

export function transferFeeOfPool(row: PoolRow): TransferFee {
  return { transferFeeBasisPoints: row.transferFeeBps, maximumFee: BigInt(row.maximumFee) };
}

export type CreateCurvePoolParams = {
  mint: string;
  /** Holds the supply (in its Token-2022 account) and the raised SOL; a platform 'pool' key. */
  poolWallet: string;
  curveType: BondingCurveType;
  campaignId?: number | null;
  /** Overrides the curve type's threshold (e.g. the spec's 85 SOL display default). */
  thresholdLamports?: bigint;
  /** The mint's transfer fee, as created (campaigns: 600 bps, cap = total supply). */
  transferFeeBps: number;
  maximumFee?: bigint;
};

/** Seeds a fresh curve for a mint whose whole supply sits in the pool wallet's token account. */
export async function createCurvePool(db: Db, params: CreateCurvePoolParams): Promise<PoolRow> {
  const state = params.thresholdLamports === undefined
    ? initialCurveState(params.curveType)
    : initialCurveStateForThreshold(params.thresholdLamports);
  const [row] = await db.insert(curvePools).values({
    mint: params.mint,
    campaignId: params.campaignId ?? null,
    poolWallet: params.poolWallet,
    curveType: params.curveType,
    thresholdLamports: state.thresholdLamports,
    transferFeeBps: params.transferFeeBps,
    maximumFee: (params.maximumFee ?? TOKEN_TOTAL_SUPPLY).toString(),
    ...stateColumns(state),
  }).returning();
  return row!;
}

export async function findCurvePool(db: Db, mint: string): Promise<PoolRow | undefined> {
  const [row] = await db.select().from(curvePools).where(eq(curvePools.mint, mint));
  return row;
}
