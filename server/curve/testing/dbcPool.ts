// Tests' DBC pool: a campaign-style launch on the test ledger (pool, mint and the creator's
// first buy in one transaction, as launchTransaction.ts builds it), and the curve_pools row
// that makes it one of ours. Not a mock: the pool and its row are the real ones.

import { Keypair, PublicKey, Transaction } from '@solana/web3.js';
import { LAMPORTS_PER_SOL } from '../../../core/constants';
import type { BondingCurveType } from '../../../core/enums';
import { curvePools } from '../../db/schema';
import type { Services } from '../../services';
import { stateColumns } from '../pools';
import { curvePartner, ensureCurveConfigs } from '../configs';
import { readCurveState } from '../curveState';
import { buildLaunchTransaction } from '../launchTransaction';
import { buildSwapTransaction } from '../swapTransaction';

export type TestDbcPool = {
  pool: string; mint: string; config: string; curveType: BondingCurveType;
  creator: Keypair; launchSignature: string;
};

/** Launches a DBC pool paid by a new, funded creator, who buys `initialBuyLamports` in the launch. */
export async function launchDbcPool(
  services: Services,
  { curveType = 1, initialBuyLamports = LAMPORTS_PER_SOL / 10n, creatorLamports = 5n * LAMPORTS_PER_SOL, fund }:
  {
    curveType?: BondingCurveType; initialBuyLamports?: bigint; creatorLamports?: bigint;
    /** On a cluster with no faucet of ours (SOLANA_CLUSTER=devnet): how to fund a wallet; the partner key is funded and the configs created with it. */
    fund?: (address: string, lamports: bigint) => Promise<void>;
  } = {},
): Promise<TestDbcPool> {
  if (fund) await fund((await curvePartner(services)).publicKey.toBase58(), LAMPORTS_PER_SOL / 2n);
  const config = (await ensureCurveConfigs(services, fund ? { create: true } : {})).find((c) => c.curveType === curveType);
  if (!config) throw new Error(`No curve config for curve type ${curveType}`);
  const creator = Keypair.generate();
  await (fund ?? ((address: string, lamports: bigint) => services.chain.airdrop!(address, lamports)))(creator.publicKey.toBase58(), creatorLamports);
  const launch = await buildLaunchTransaction(services.chain.connection, {
    config: new PublicKey(config.address), payer: creator.publicKey, poolCreator: Keypair.generate(), mint: Keypair.generate(),
    name: 'Test Cause', symbol: 'CAUSE', uri: 'https://causemint.test/cause.json', initialBuyLamports, slippageBps: 500,
  });
  const tx = Transaction.from(launch.transaction);
  tx.partialSign(creator);
  const launchSignature = await services.chain.sendAndConfirm(tx.serialize());
  return { pool: launch.pool, mint: launch.mint, config: config.address, curveType, creator, launchSignature };
}

/** The pool's curve_pools row (program 'dbc'), its state as the chain holds it now. */
export async function insertDbcPoolRow(services: Services, pool: TestDbcPool, campaignId: number | null = null): Promise<void> {
  const state = await readCurveState(services.chain.connection, new PublicKey(pool.pool));
  if (!state) throw new Error(`No DBC pool at ${pool.pool}`);
  await services.db.insert(curvePools).values({
    mint: pool.mint, campaignId, program: 'dbc', poolWallet: pool.pool, dbcConfig: pool.config, curveType: pool.curveType,
    thresholdLamports: state.thresholdLamports, transferFeeBps: 0, maximumFee: '0', ...stateColumns(state),
  });
}

/** Both at once: a launched pool that is ours. */
export async function launchOurDbcPool(services: Services, options?: Parameters<typeof launchDbcPool>[1]): Promise<TestDbcPool> {
  const pool = await launchDbcPool(services, options);
  await insertDbcPoolRow(services, pool);
  return pool;
}

/** A swap as any wallet would send it: built by buildSwapTransaction, signed by the trader alone. Its signature. */
export async function sendSwap(services: Services, pool: string, trader: Keypair, side: 'buy' | 'sell', amountIn: bigint): Promise<string> {
  const built = await buildSwapTransaction(services.chain.connection, { pool: new PublicKey(pool), trader: trader.publicKey, side, amountIn, slippageBps: 500 });
  const tx = Transaction.from(built.transaction);
  tx.sign(trader);
  return services.chain.sendAndConfirm(tx.serialize());
}
