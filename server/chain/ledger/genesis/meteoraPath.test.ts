import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Keypair, LAMPORTS_PER_SOL, PublicKey, SendTransactionError, sendAndConfirmTransaction, type Connection, type Signer, type Transaction,
} from '@solana/web3.js';
import { NATIVE_MINT, TOKEN_2022_PROGRAM_ID, getAccount, getAssociatedTokenAddressSync, getMint, getTokenMetadata } from '@solana/spl-token';
import { BN } from '@coral-xyz/anchor';
import {
  DynamicBondingCurveClient, SwapMode, deriveDbcPoolAddress, getCurrentPoint, type PoolConfig, type VirtualPool,
} from '@meteora-ag/dynamic-bonding-curve-sdk';
import { CpAmm, getTokenProgram } from '@meteora-ag/cp-amm-sdk';
import { airdrop, startRpcTestApp, type RpcTestApp } from '../../../testing/rpcClients';
import { DAMM_V2_CUSTOMIZABLE_CONFIG, DBC_PROGRAM } from './meteora';
import { GRADUATION_THRESHOLD_SOL } from '../../../../core/constants';
import { DBC_TRADE_FEE_BPS } from '../../../../core/curve/dbc';
import { curveConfigParameters } from '../../../curve/configParams';

// The platform's own config for a 20 SOL curve (server/curve/configParams.ts).
const FEE_BPS = DBC_TRADE_FEE_BPS;
const MIGRATION_QUOTE_THRESHOLD_SOL = GRADUATION_THRESHOLD_SOL[1];
const TOTAL_SUPPLY_TOKENS = 1_000_000_000;
const meteoraCurveConfig = () => curveConfigParameters(1, 0);

const SOL = BigInt(LAMPORTS_PER_SOL);
const SLIPPAGE_BPS = 500;
/** DBC's protocol share of every trading fee (its PROTOCOL_FEE_PERCENT); the rest is the creator's here. */
const PROTOCOL_FEE_PERCENT = 20n;

const big = (n: BN) => BigInt(n.toString());
const bn = (n: bigint) => new BN(n.toString());
/** A quote's minimum out, which the SDK types as optional for every swap mode (set for exact-in and partial fill). */
function minimumOut(q: { minimumAmountOut?: BN }): BN {
  if (!q.minimumAmountOut) throw new Error('quote without a minimum out');
  return q.minimumAmountOut;
}

/** DBC's fee on one trade's quote amount, rounded up. */
const tradeFee = (quote: bigint) => (quote * BigInt(FEE_BPS) + 9_999n) / 10_000n;
/** What of it DBC keeps for the creator: the fee less the protocol's share rounded down. */
const creatorFeeOf = (quote: bigint) => tradeFee(quote) - (tradeFee(quote) * PROTOCOL_FEE_PERCENT) / 100n;

describe('Meteora DBC and DAMM v2 on the local ledger, through /api/rpc', () => {
  let t: RpcTestApp;
  let connection: Connection;
  let client: DynamicBondingCurveClient;
  const partner = Keypair.generate();
  const creator = Keypair.generate();
  const trader = Keypair.generate();
  const feeReceiver = Keypair.generate();
  const ammTrader = Keypair.generate();
  const config = Keypair.generate();
  const baseMint = Keypair.generate();
  const pool = deriveDbcPoolAddress(NATIVE_MINT, baseMint.publicKey, config.publicKey);
  const dammConfig = new PublicKey(DAMM_V2_CUSTOMIZABLE_CONFIG);
  /** Each trade's quote amount (what the fee is charged on), for the creator's claim. */
  const quoteVolume: bigint[] = [];

  const send = (tx: Transaction, signers: Signer[]) => sendAndConfirmTransaction(connection, tx, signers, { commitment: 'confirmed' });
  const tokens = async (owner: PublicKey) =>
    (await getAccount(connection, getAssociatedTokenAddressSync(baseMint.publicKey, owner, false, TOKEN_2022_PROGRAM_ID), 'confirmed', TOKEN_2022_PROGRAM_ID)).amount;
  const lamports = async (owner: PublicKey) => BigInt(await connection.getBalance(owner, 'confirmed'));
  const feeOf = async (signature: string) =>
    BigInt((await connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 }))?.meta?.fee ?? Number.NaN);
  const poolState = async (): Promise<VirtualPool['poolState']> => {
    const virtualPool = await client.state.getPool(pool);
    if (!virtualPool) throw new Error('no virtual pool');
    return virtualPool.poolState;
  };
  let poolConfig: PoolConfig;
  let migrationSlot: number;

  /** What Meteora's SDK quotes from: the pool as it is now, its config, the chain's clock. */
  async function quoteInputs() {
    const virtualPool = await client.state.getPool(pool);
    if (!virtualPool) throw new Error('no virtual pool');
    const currentPoint = await getCurrentPoint(connection, poolConfig.activationType);
    return { virtualPool, config: poolConfig, currentPoint, slippageBps: SLIPPAGE_BPS, hasReferral: false, eligibleForFirstSwapWithMinFee: false };
  }
  const quote = async (swapBaseForQuote: boolean, amountIn: bigint) =>
    client.pool.swapQuote({ ...(await quoteInputs()), swapBaseForQuote, amountIn: bn(amountIn) });

  beforeAll(async () => {
    t = await startRpcTestApp();
    ({ connection } = t);
    client = new DynamicBondingCurveClient(connection, 'confirmed');
    await Promise.all([
      airdrop(connection, partner.publicKey, 5 * LAMPORTS_PER_SOL),
      airdrop(connection, creator.publicKey, 5 * LAMPORTS_PER_SOL),
      airdrop(connection, trader.publicKey, 40 * LAMPORTS_PER_SOL),
      airdrop(connection, ammTrader.publicKey, LAMPORTS_PER_SOL),
    ]);
  });
  afterAll(async () => { await t?.close(); });

  it('a partner creates the config: Token-2022, 6% in SOL to the creator, 20 SOL to migrate to DAMM v2', async () => {
    const tx = await client.partner.createConfig({
      config: config.publicKey, feeClaimer: partner.publicKey, leftoverReceiver: partner.publicKey,
      payer: partner.publicKey, quoteMint: NATIVE_MINT, ...meteoraCurveConfig(),
    });
    await send(tx, [partner, config]);

    const read = await client.state.getPoolConfig(config.publicKey);
    if (!read) throw new Error('no config');
    poolConfig = read;
    console.log(`tokens sold on the curve: ${Number(big(read.swapBaseAmount)) / 1e9}, into DAMM v2: ${Number(big(read.migrationBaseThreshold)) / 1e9}`);
    expect(read.quoteMint.equals(NATIVE_MINT)).toBe(true);
    expect(read.tokenType).toBe(1);
    expect(read.tokenDecimal).toBe(9);
    expect(big(read.preMigrationTokenSupply)).toBe(BigInt(TOTAL_SUPPLY_TOKENS) * SOL);
    expect(big(read.poolFees.baseFee.cliffFeeNumerator)).toBe(60_000_000n); // 6% of DBC's 1e9 denominator
    expect(read.collectFeeMode).toBe(0);
    expect(read.creatorTradingFeePercentage).toBe(100);
    expect(big(read.migrationQuoteThreshold)).toBe(BigInt(MIGRATION_QUOTE_THRESHOLD_SOL) * SOL);
    expect(read.migrationOption).toBe(1);
    expect(read.migrationFeeOption).toBe(6);
    expect(read.migratedPoolFeeBps).toBe(FEE_BPS);
    expect(read.creatorPermanentLockedLiquidityPercentage).toBe(100);
    expect(read.partnerLiquidityPercentage + read.partnerPermanentLockedLiquidityPercentage + read.creatorLiquidityPercentage).toBe(0);
    expect(big(read.lockedVestingConfig.amountPerPeriod) + big(read.lockedVestingConfig.cliffUnlockAmount)).toBe(0n);
    expect(Math.abs(Number(big(read.swapBaseAmount)) / 1e15 - 793.1)).toBeLessThan(0.05);
  });

  it('the creator creates the pool and buys first in one transaction', async () => {
    const buyAmount = SOL;
    const firstBuy = client.pool.getQuoteFromInputAmount({
      config: poolConfig, swapBaseForQuote: false, amountIn: bn(buyAmount), slippageBps: SLIPPAGE_BPS,
    });
    const tx = await client.creator.createPoolWithFirstBuy({
      createPoolParam: {
        name: 'Path Test', symbol: 'PATH', uri: 'https://example.org/path.json',
        payer: creator.publicKey, poolCreator: creator.publicKey, config: config.publicKey, baseMint: baseMint.publicKey,
      },
      firstBuyParam: { buyer: creator.publicKey, buyAmount: bn(buyAmount), minimumAmountOut: minimumOut(firstBuy), referralTokenAccount: null },
    });
    await send(tx, [creator, baseMint]);
    quoteVolume.push(buyAmount);

    const found = await client.state.getPoolByBaseMint(baseMint.publicKey);
    expect(found?.publicKey.equals(pool)).toBe(true);
    expect(found?.account.poolState.creator.equals(creator.publicKey)).toBe(true);
    const mint = await getMint(connection, baseMint.publicKey, 'confirmed', TOKEN_2022_PROGRAM_ID);
    expect(mint.decimals).toBe(9);
    expect(mint.supply).toBe(BigInt(TOTAL_SUPPLY_TOKENS) * SOL);
    expect(mint.mintAuthority).toBeNull();
    const metadata = await getTokenMetadata(connection, baseMint.publicKey, 'confirmed', TOKEN_2022_PROGRAM_ID);
    expect(metadata).toMatchObject({ name: 'Path Test', symbol: 'PATH', uri: 'https://example.org/path.json' });
    expect(await tokens(creator.publicKey)).toBe(big(firstBuy.outputAmount));
    expect(big((await poolState()).quoteReserve)).toBe(buyAmount - tradeFee(buyAmount));
  });

  it('a trader buys for 1 SOL and sells part back, signing alone', async () => {
    const solBefore = await lamports(trader.publicKey);
    const buy = await quote(false, SOL);
    const buySignature = await send(await client.pool.swap({
      owner: trader.publicKey, pool, amountIn: bn(SOL), minimumAmountOut: buy.minimumAmountOut,
      swapBaseForQuote: false, referralTokenAccount: null,
    }), [trader]);
    quoteVolume.push(SOL);
    const bought = await tokens(trader.publicKey);
    expect(bought).toBe(big(buy.outputAmount));
    const ata = getAssociatedTokenAddressSync(baseMint.publicKey, trader.publicKey, false, TOKEN_2022_PROGRAM_ID);
    const ataRent = BigInt(await connection.getMinimumBalanceForRentExemption((await connection.getAccountInfo(ata))?.data.length ?? 0));
    const solAfterBuy = await lamports(trader.publicKey);
    // 1 SOL into the pool, the network fee, and the rent of the trader's new token account.
    expect(solBefore - solAfterBuy).toBe(SOL + (await feeOf(buySignature)) + ataRent);

    const sellAmount = bought / 3n;
    const reserveBefore = big((await poolState()).quoteReserve);
    const sell = await quote(true, sellAmount);
    const sellSignature = await send(await client.pool.swap({
      owner: trader.publicKey, pool, amountIn: bn(sellAmount), minimumAmountOut: sell.minimumAmountOut,
      swapBaseForQuote: true, referralTokenAccount: null,
    }), [trader]);
    expect(await tokens(trader.publicKey)).toBe(bought - sellAmount);
    const paidOut = big(sell.outputAmount);
    expect(paidOut).toBeGreaterThan(0n);
    expect((await lamports(trader.publicKey)) - solAfterBuy).toBe(paidOut - (await feeOf(sellSignature)));
    // The curve pays out the gross quote; its fee stays in the vault as the creator's and the protocol's.
    const gross = reserveBefore - big((await poolState()).quoteReserve);
    expect(gross - tradeFee(gross)).toBe(paidOut);
    quoteVolume.push(gross);
  });

  it('the creator claims 80% of the 6% fee to a separate receiver', async () => {
    const accrued = big((await poolState()).creatorQuoteFee);
    const expected = quoteVolume.reduce((sum, q) => sum + creatorFeeOf(q), 0n);
    const volume = quoteVolume.reduce((sum, q) => sum + q, 0n);
    expect(accrued).toBe(expected);
    // 80% of 6% of the volume, each trade's rounding at most 2 lamports in the creator's favour.
    const share = (volume * 48n) / 1000n;
    expect(accrued - share).toBeGreaterThanOrEqual(0n);
    expect(accrued - share).toBeLessThanOrEqual(2n * BigInt(quoteVolume.length));

    await send(await client.creator.claimCreatorTradingFee({
      creator: creator.publicKey, payer: creator.publicKey, pool, receiver: feeReceiver.publicKey, tempWSolAcc: creator.publicKey,
      maxBaseAmount: new BN('18446744073709551615'), maxQuoteAmount: new BN('18446744073709551615'),
    }), [creator]);
    // The fee arrives through the creator's temporary wrapped-SOL account, closed to the receiver with its rent.
    const wsolRent = BigInt(await connection.getMinimumBalanceForRentExemption(165));
    const receiverBaseAta = getAssociatedTokenAddressSync(baseMint.publicKey, feeReceiver.publicKey, false, TOKEN_2022_PROGRAM_ID);
    expect(await lamports(feeReceiver.publicKey)).toBe(accrued + wsolRent);
    expect((await getAccount(connection, receiverBaseAta, 'confirmed', TOKEN_2022_PROGRAM_ID)).amount).toBe(0n);
    expect(big((await poolState()).creatorQuoteFee)).toBe(0n);
  });

  it('a partial-fill swap2 with more SOL than the curve has left completes it at the migration price', async () => {
    const offered = 30n * SOL;
    const tokensBefore = await tokens(trader.publicKey);
    const solBefore = await lamports(trader.publicKey);
    const reserveBefore = big((await poolState()).quoteReserve);
    const fill = client.pool.swapQuote2({ ...(await quoteInputs()), swapBaseForQuote: false, swapMode: SwapMode.PartialFill, amountIn: bn(offered) });
    expect(big(fill.includedFeeInputAmount)).toBeLessThan(offered);
    const signature = await send(await client.pool.swap2({
      owner: trader.publicKey, pool, swapBaseForQuote: false, referralTokenAccount: null,
      swapMode: SwapMode.PartialFill, amountIn: bn(offered), minimumAmountOut: minimumOut(fill),
    }), [trader]);

    const state = await poolState();
    expect(state.sqrtPrice.toString()).toBe(poolConfig.migrationSqrtPrice.toString());
    expect(big(state.quoteReserve)).toBe(reserveBefore + big(fill.excludedFeeInputAmount));
    // From the start price to the migration price the curve holds exactly the threshold, but the
    // trades before this one left the price rounded in the pool's favour and the last stretch is
    // rounded up to a whole lamport: the reserve can end one lamport over (after these trades it does).
    const overThreshold = big(state.quoteReserve) - BigInt(MIGRATION_QUOTE_THRESHOLD_SOL) * SOL;
    expect(overThreshold).toBeGreaterThanOrEqual(0n);
    expect(overThreshold).toBeLessThanOrEqual(1n);
    expect(await client.state.getPoolQuoteTokenCurveProgress(pool)).toBe(1);
    expect(state.isMigrated).toBe(0);
    expect((await tokens(trader.publicKey)) - tokensBefore).toBe(big(fill.outputAmount));
    // Only what the curve took left the wallet; the rest came back when the wrapped SOL was closed.
    expect(solBefore - (await lamports(trader.publicKey))).toBe(big(fill.includedFeeInputAmount) + (await feeOf(signature)));
  });

  it('migrates to DAMM v2 with the creator\'s liquidity permanently locked', async () => {
    const { transaction, firstPositionNftKeypair, secondPositionNftKeypair } = await client.migration.migrateToDammV2({
      payer: partner.publicKey, pool, dammConfig,
    });
    const signature = await send(transaction, [partner, firstPositionNftKeypair, secondPositionNftKeypair]);
    const landed = await connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
    if (!landed) throw new Error('migration not found');
    migrationSlot = landed.slot;

    expect((await poolState()).isMigrated).toBe(1);
    const pools = await new CpAmm(connection).fetchPoolStatesByTokenAMint(baseMint.publicKey);
    expect(pools).toHaveLength(1);
    const [{ publicKey: ammPool, account: amm }] = pools;
    expect(amm.tokenBMint.equals(NATIVE_MINT)).toBe(true);
    expect(amm.liquidity.isZero()).toBe(false);
    expect(amm.permanentLockLiquidity.toString()).toBe(amm.liquidity.toString());
    // The migrated pool's fee is the config's migratedPoolFee, 6% of DAMM v2's 1e9 denominator.
    expect((await new CpAmm(connection).fetchPoolFees(ammPool))?.cliffFeeNumerator.toString()).toBe('60000000');
  });

  it('a trader swaps 0.1 SOL on the DAMM v2 pool, signing alone', async () => {
    const cpAmm = new CpAmm(connection);
    const [{ publicKey: ammPool, account: amm }] = await cpAmm.fetchPoolStatesByTokenAMint(baseMint.publicKey);
    // The migration set the pool's activation point to its slot's clock. A transaction here is
    // confirmed before its slot ends (chain/rpc/commitment.ts) but getSlot('confirmed') is the
    // newest finished block, so until the migration's slot finishes the SDK's clock can be a
    // second behind that point and it refuses to quote (SwapDisabledError).
    let slot = await connection.getSlot('confirmed');
    while (slot < migrationSlot) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      slot = await connection.getSlot('confirmed');
    }
    const currentTime = await connection.getBlockTime(slot);
    if (currentTime === null) throw new Error('no block time');
    const inAmount = SOL / 10n;
    const ammQuote = cpAmm.getQuote({
      inAmount: bn(inAmount), inputTokenMint: NATIVE_MINT, slippage: SLIPPAGE_BPS, poolState: amm,
      currentTime, currentSlot: slot, tokenADecimal: 9, tokenBDecimal: 9,
    });
    expect(ammQuote.swapOutAmount.isZero()).toBe(false);
    await send(await cpAmm.swap({
      payer: ammTrader.publicKey, pool: ammPool, inputTokenMint: NATIVE_MINT, outputTokenMint: baseMint.publicKey,
      amountIn: bn(inAmount), minimumAmountOut: ammQuote.minSwapOutAmount,
      tokenAMint: amm.tokenAMint, tokenBMint: amm.tokenBMint, tokenAVault: amm.tokenAVault, tokenBVault: amm.tokenBVault,
      tokenAProgram: getTokenProgram(amm.tokenAFlag), tokenBProgram: getTokenProgram(amm.tokenBFlag), referralTokenAccount: null,
    }), [ammTrader]);
    expect(await tokens(ammTrader.publicKey)).toBe(big(ammQuote.swapOutAmount));
  });

  it('refuses a second migration', async () => {
    const { transaction, firstPositionNftKeypair, secondPositionNftKeypair } = await client.migration.migrateToDammV2({
      payer: partner.publicKey, pool, dammConfig,
    });
    const refused = await send(transaction, [partner, firstPositionNftKeypair, secondPositionNftKeypair]).then(() => null, (err: unknown) => err);
    expect(refused).toBeInstanceOf(SendTransactionError);
    // DBC's migration step checks the pool's migration progress, already past this step.
    const logs = ((refused as SendTransactionError).logs ?? []).join('\n');
    expect(logs).toContain('Error Code: NotPermitToDoThisAction. Error Number: 6022.');
    expect(logs).toContain(`Program ${DBC_PROGRAM} failed: custom program error: 0x1786`);
    expect((await poolState()).isMigrated).toBe(1);
  });
});
