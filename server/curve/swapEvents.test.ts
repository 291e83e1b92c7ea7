import { BorshEventCoder, type Idl } from '@coral-xyz/anchor';
import { CpAmm, CpAmmIdl } from '@meteora-ag/cp-amm-sdk';
import { DynamicBondingCurveClient, DynamicBondingCurveIdl, SwapMode } from '@meteora-ag/dynamic-bonding-curve-sdk';
import { getAssociatedTokenAddressSync, TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from '@solana/spl-token';
import { Keypair, PublicKey, SystemProgram, Transaction, TransactionInstruction, type VersionedTransactionResponse } from '@solana/web3.js';
import BN from 'bn.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAMPORTS_PER_SOL, TOKEN_TOTAL_SUPPLY } from '../../core/constants';
import { DAMM_V2_CUSTOMIZABLE_CONFIG, DAMM_V2_PROGRAM, DBC_PROGRAM } from '../chain/ledger/genesis/meteora';
import { createTestApp, type TestApp } from '../testing/app';
import { ensureCurveConfigs } from './configs';
import { eventAuthorityOf, flattenInstructions, programEvents } from './eventCpi';
import { buildLaunchTransaction } from './launchTransaction';
import { decodeSwaps, type SwapRecord } from './swapEvents';
import { readVirtualPool } from './virtualPool';

const bn = (value: bigint) => new BN(value.toString());
const big = (value: BN) => BigInt(value.toString());
const feeOf = (r: SwapRecord) => r.tradingFee + r.protocolFee + r.referralFee;

/** An account's change in one transaction, read from the node's pre/post balances: what the test checks the events against. */
function keysOf(tx: VersionedTransactionResponse): string[] {
  return tx.transaction.message.getAccountKeys().staticAccountKeys.map((k) => k.toBase58());
}
function tokenDelta(tx: VersionedTransactionResponse, account: PublicKey): bigint {
  const index = keysOf(tx).indexOf(account.toBase58());
  const amount = (list: NonNullable<VersionedTransactionResponse['meta']>['preTokenBalances']) => BigInt(list?.find((b) => b.accountIndex === index)?.uiTokenAmount.amount ?? '0');
  return amount(tx.meta!.postTokenBalances) - amount(tx.meta!.preTokenBalances);
}
function lamportDelta(tx: VersionedTransactionResponse, account: PublicKey): bigint {
  const index = keysOf(tx).indexOf(account.toBase58());
  return BigInt(tx.meta!.postBalances[index] - tx.meta!.preBalances[index]);
}
/** Rent of the accounts the transaction created and left open (the trader's new token account). */
function rentOfCreated(tx: VersionedTransactionResponse): bigint {
  return tx.meta!.preBalances.reduce((sum, pre, i) => sum + (pre === 0 ? BigInt(tx.meta!.postBalances[i]) : 0n), 0n);
}

describe('swap events', () => {
  let t: TestApp;
  let dbc: DynamicBondingCurveClient;
  let launch: Awaited<ReturnType<typeof buildLaunchTransaction>>;
  let launchSignature: string;
  let pool: PublicKey;
  let mint: PublicKey;
  let vaults: { base: PublicKey; quote: PublicKey };
  const creator = Keypair.generate();
  const trader = Keypair.generate();
  const dbcRecords: SwapRecord[] = [];

  const landed = async (signature: string) => {
    const tx = await t.services.chain.connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
    if (!tx) throw new Error(`${signature} not found`);
    return tx;
  };
  const send = async (tx: Transaction, ...signers: Keypair[]) => {
    tx.recentBlockhash = (await t.services.chain.connection.getLatestBlockhash('confirmed')).blockhash;
    tx.feePayer = signers[0].publicKey;
    tx.sign(...signers);
    return landed(await t.services.chain.sendAndConfirm(tx.serialize()));
  };
  const dbcSwap = (owner: Keypair, amountIn: bigint, sell = false) => dbc.pool.swap({
    owner: owner.publicKey, pool, amountIn: bn(amountIn), minimumAmountOut: new BN(0), swapBaseForQuote: sell, referralTokenAccount: null,
  });
  const tokenAccount = (owner: PublicKey) => getAssociatedTokenAddressSync(mint, owner, false, TOKEN_2022_PROGRAM_ID);

  /**
   * One DBC swap against what the chain shows: the trader's token account and both vaults moved
   * by the decoded amounts, the trader's SOL by solAmount (less the fee and new accounts' rent),
   * and the quote vault grew by what the curve's reserve did plus the decoded fees.
   */
  function expectDbcSwapMatchesBalances(tx: VersionedTransactionResponse, r: SwapRecord, reserveBefore: bigint, who: Keypair) {
    const sign = r.direction === 'buy' ? 1n : -1n;
    expect(tokenDelta(tx, tokenAccount(who.publicKey))).toBe(sign * r.tokenAmount);
    expect(tokenDelta(tx, vaults.base)).toBe(-sign * r.tokenAmount);
    expect(tokenDelta(tx, vaults.quote)).toBe(sign * r.solAmount);
    expect(lamportDelta(tx, who.publicKey)).toBe(-sign * r.solAmount - BigInt(tx.meta!.fee) - rentOfCreated(tx));
    expect(tokenDelta(tx, vaults.quote) - (r.quoteReserveAfter - reserveBefore)).toBe(feeOf(r));
  }

  /** The fees the pool's state accrued equal the records' (no claim has happened). */
  async function expectPoolAccrued() {
    const state = (await readVirtualPool(t.services.chain.connection, pool))!.poolState;
    expect(big(state.quoteReserve)).toBe(dbcRecords.at(-1)!.quoteReserveAfter);
    expect(big(state.sqrtPrice)).toBe(dbcRecords.at(-1)!.sqrtPriceAfter);
    expect(dbcRecords.at(-1)!.tokenReserveAfter).toBeNull();
    expect(big(state.protocolQuoteFee)).toBe(dbcRecords.reduce((s, r) => s + r.protocolFee, 0n));
    expect(big(state.partnerQuoteFee) + big(state.creatorQuoteFee)).toBe(dbcRecords.reduce((s, r) => s + r.tradingFee, 0n));
  }

  beforeAll(async () => {
    t = await createTestApp();
    dbc = new DynamicBondingCurveClient(t.services.chain.connection, 'confirmed');
    const config = (await ensureCurveConfigs(t.services)).find((c) => c.curveType === 1)!;
    for (const k of [creator, trader]) await t.services.chain.airdrop!(k.publicKey.toBase58(), 5n * LAMPORTS_PER_SOL);
    launch = await buildLaunchTransaction(t.services.chain.connection, {
      config: new PublicKey(config.address), payer: creator.publicKey, poolCreator: Keypair.generate(), mint: Keypair.generate(),
      name: 'Clean Water', symbol: 'WATER', uri: 'https://causemint.test/metadata/water.json', initialBuyLamports: LAMPORTS_PER_SOL, slippageBps: 500,
    });
    const tx = Transaction.from(launch.transaction);
    tx.partialSign(creator);
    launchSignature = await t.services.chain.sendAndConfirm(tx.serialize());
    pool = new PublicKey(launch.pool);
    mint = new PublicKey(launch.mint);
    const state = (await readVirtualPool(t.services.chain.connection, pool))!.poolState;
    vaults = { base: state.baseVault, quote: state.quoteVault };
  }, 60_000);
  afterAll(async () => { await t.close(); });

  it('reads the launch\'s first buy as one DBC buy by the creator, from the events, matching the balances', async () => {
    const tx = await landed(launchSignature);
    const records = decodeSwaps(tx);
    expect(records).toHaveLength(1);
    const [r] = records;
    expect(r).toMatchObject({
      program: 'dbc', pool: launch.pool, mint: launch.mint, direction: 'buy', trader: creator.publicKey.toBase58(),
      solAmount: LAMPORTS_PER_SOL, tokenAmount: launch.expectedTokens, referralFee: 0n, feeToken: 'sol',
      signature: launchSignature, slot: tx.slot, blockTime: tx.blockTime, innerInstructionIndex: null,
    });
    // The launch created the vaults: the whole supply went in, the buy came out.
    expect(tokenDelta(tx, vaults.base)).toBe(TOKEN_TOTAL_SUPPLY - r.tokenAmount);
    expect(tokenDelta(tx, tokenAccount(creator.publicKey))).toBe(r.tokenAmount);
    expect(tokenDelta(tx, vaults.quote)).toBe(r.solAmount);
    // A flat 6%, of which DBC's protocol keeps 20%: and the vault holds the reserve plus exactly those fees.
    expect(feeOf(r)).toBe(r.solAmount * 6n / 100n);
    expect(r.protocolFee).toBe(feeOf(r) / 5n);
    expect(r.quoteReserveAfter).toBe(r.solAmount - feeOf(r));
    dbcRecords.push(r);
    await expectPoolAccrued();

    // A node that reports no stack heights (older validators) gets the same answer.
    const innerInstructions = tx.meta!.innerInstructions!.map((g) => ({ ...g, instructions: g.instructions.map((ix) => ({ ...ix, stackHeight: undefined })) }));
    expect(decodeSwaps({ ...tx, meta: { ...tx.meta!, innerInstructions } })).toEqual(records);
  });

  it('reads a buy and a sell another trader signed alone with the SDK', async () => {
    const buyTx = await send(await dbcSwap(trader, LAMPORTS_PER_SOL / 2n), trader);
    const [buy, ...more] = decodeSwaps(buyTx);
    expect(more).toEqual([]);
    expect(buy).toMatchObject({ program: 'dbc', direction: 'buy', trader: trader.publicKey.toBase58(), solAmount: LAMPORTS_PER_SOL / 2n, feeToken: 'sol' });
    expectDbcSwapMatchesBalances(buyTx, buy, dbcRecords.at(-1)!.quoteReserveAfter, trader);
    dbcRecords.push(buy);

    const sellTx = await send(await dbcSwap(trader, buy.tokenAmount / 2n, true), trader);
    const [sell] = decodeSwaps(sellTx);
    expect(sell).toMatchObject({ program: 'dbc', direction: 'sell', trader: trader.publicKey.toBase58(), tokenAmount: buy.tokenAmount / 2n, feeToken: 'sol' });
    expectDbcSwapMatchesBalances(sellTx, sell, buy.quoteReserveAfter, trader);
    dbcRecords.push(sell);
    await expectPoolAccrued();
  });

  it('reads two swaps in one transaction as two records, each its own trader\'s', async () => {
    const [a, b] = [Keypair.generate(), Keypair.generate()];
    for (const k of [a, b]) await t.services.chain.airdrop!(k.publicKey.toBase58(), 2n * LAMPORTS_PER_SOL);
    const both = new Transaction().add(...(await dbcSwap(a, LAMPORTS_PER_SOL / 4n)).instructions, ...(await dbcSwap(b, LAMPORTS_PER_SOL / 3n)).instructions);
    const tx = await send(both, a, b);
    const records = decodeSwaps(tx);
    expect(records.map((r) => [r.trader, r.direction, r.solAmount])).toEqual([
      [a.publicKey.toBase58(), 'buy', LAMPORTS_PER_SOL / 4n], [b.publicKey.toBase58(), 'buy', LAMPORTS_PER_SOL / 3n],
    ]);
    expect(records[0].instructionIndex).toBeLessThan(records[1].instructionIndex);
    expect(tokenDelta(tx, tokenAccount(a.publicKey))).toBe(records[0].tokenAmount);
    expect(tokenDelta(tx, tokenAccount(b.publicKey))).toBe(records[1].tokenAmount);
    expect(tokenDelta(tx, vaults.base)).toBe(-(records[0].tokenAmount + records[1].tokenAmount));
    const reserveBefore = dbcRecords.at(-1)!.quoteReserveAfter;
    expect(records[0].quoteReserveAfter).toBe(reserveBefore + records[0].solAmount - feeOf(records[0]));
    expect(records[1].quoteReserveAfter).toBe(records[0].quoteReserveAfter + records[1].solAmount - feeOf(records[1]));
    expect(tokenDelta(tx, vaults.quote)).toBe(records[0].solAmount + records[1].solAmount);
    dbcRecords.push(...records);
    await expectPoolAccrued();
  });

  it('finds no swap in a transfer, nor in a failed transaction that replays a real swap event without the event authority\'s signature', async () => {
    const transfer = await send(new Transaction().add(SystemProgram.transfer({ fromPubkey: trader.publicKey, toPubkey: creator.publicKey, lamports: 1_000_000 })), trader);
    expect(decodeSwaps(transfer)).toEqual([]);

    // The launch's own EvtSwap2 bytes, sent to DBC as an outer instruction naming its event authority.
    const launchTx = await landed(launchSignature);
    const coder = new BorshEventCoder(DynamicBondingCurveIdl as Idl);
    const authority = eventAuthorityOf(DBC_PROGRAM);
    const flat = flattenInstructions(launchTx);
    const real = flat.find((ix) => ix.programId === DBC_PROGRAM && ix.accounts[0] === authority
      && coder.decode(Buffer.from(ix.data.subarray(8)).toString('base64'))?.name === 'EvtSwap2')!;
    const forged = new Transaction().add(new TransactionInstruction({
      programId: new PublicKey(DBC_PROGRAM), keys: [{ pubkey: new PublicKey(authority), isSigner: false, isWritable: false }], data: Buffer.from(real.data),
    }));
    forged.recentBlockhash = (await t.services.chain.connection.getLatestBlockhash('confirmed')).blockhash;
    forged.feePayer = trader.publicKey;
    forged.sign(trader);
    const outcome = await t.services.chain.ledger!.send(forged.serialize(), { preflight: false });
    if (outcome.kind !== 'landed') throw new Error(`forged transaction ${outcome.kind}`);
    const failed = await landed(outcome.record.signature);
    expect(failed.meta?.err).not.toBeNull();
    expect(failed.meta?.logMessages?.join('\n')).toMatch(/ConstraintSigner|event_authority/);
    expect(decodeSwaps(failed)).toEqual([]);
  });

  it('reads the partial fill that completes the curve, none in the migration, then a DAMM v2 buy and sell', async () => {
    const whale = Keypair.generate();
    await t.services.chain.airdrop!(whale.publicKey.toBase58(), 30n * LAMPORTS_PER_SOL);
    const asked = 25n * LAMPORTS_PER_SOL;
    const fill = await send(await dbc.pool.swap2({
      owner: whale.publicKey, pool, swapBaseForQuote: false, referralTokenAccount: null, swapMode: SwapMode.PartialFill, amountIn: bn(asked), minimumAmountOut: new BN(0),
    }), whale);
    const [last] = decodeSwaps(fill);
    // Only what the curve took: the SOL the whale was charged, not the amount asked.
    expect(last.solAmount).toBeLessThan(asked);
    expect(last.quoteReserveAfter).toBeGreaterThanOrEqual(20n * LAMPORTS_PER_SOL);
    expectDbcSwapMatchesBalances(fill, last, dbcRecords.at(-1)!.quoteReserveAfter, whale);
    dbcRecords.push(last);
    await expectPoolAccrued();

    const migration = await dbc.migration.migrateToDammV2({ payer: whale.publicKey, pool, dammConfig: new PublicKey(DAMM_V2_CUSTOMIZABLE_CONFIG) });
    const migrated = await send(migration.transaction, whale, migration.firstPositionNftKeypair, migration.secondPositionNftKeypair);
    // Both programs emitted events in it; none was a swap.
    const flat = flattenInstructions(migrated);
    expect(programEvents(flat, DAMM_V2_PROGRAM, eventAuthorityOf(DAMM_V2_PROGRAM), new BorshEventCoder(CpAmmIdl as Idl)).length).toBeGreaterThan(0);
    expect(decodeSwaps(migrated)).toEqual([]);

    const cpAmm = new CpAmm(t.services.chain.connection);
    const [{ publicKey: damm, account: state }] = await cpAmm.fetchPoolStatesByTokenAMint(mint);
    const dammSwap = async (buy: boolean, amountIn: bigint) => send(await cpAmm.swap({
      payer: trader.publicKey, pool: damm, inputTokenMint: buy ? state.tokenBMint : state.tokenAMint, outputTokenMint: buy ? state.tokenAMint : state.tokenBMint,
      amountIn: bn(amountIn), minimumAmountOut: new BN(0), tokenAMint: state.tokenAMint, tokenBMint: state.tokenBMint, tokenAVault: state.tokenAVault, tokenBVault: state.tokenBVault,
      tokenAProgram: TOKEN_2022_PROGRAM_ID, tokenBProgram: TOKEN_PROGRAM_ID, referralTokenAccount: null,
    }), trader);
    let reserveBefore = big((await cpAmm.fetchPoolState(damm)).tokenBAmount);
    for (const [direction, amountIn] of [['buy', LAMPORTS_PER_SOL / 10n], ['sell', 10n ** 15n]] as const) {
      const tx = await dammSwap(direction === 'buy', amountIn);
      const [r, ...more] = decodeSwaps(tx);
      expect(more).toEqual([]);
      expect(r).toMatchObject({ program: 'damm_v2', pool: damm.toBase58(), mint: launch.mint, direction, trader: trader.publicKey.toBase58(), feeToken: 'sol', referralFee: 0n });
      expect(direction === 'buy' ? r.solAmount : r.tokenAmount).toBe(amountIn);
      const sign = direction === 'buy' ? 1n : -1n;
      expect(tokenDelta(tx, tokenAccount(trader.publicKey))).toBe(sign * r.tokenAmount);
      expect(tokenDelta(tx, state.tokenAVault)).toBe(-sign * r.tokenAmount);
      expect(tokenDelta(tx, state.tokenBVault)).toBe(sign * r.solAmount);
      expect(lamportDelta(tx, trader.publicKey)).toBe(-sign * r.solAmount - BigInt(tx.meta!.fee) - rentOfCreated(tx));
      // The 6% pool fee stays in the SOL vault beside the reserve; DAMM v2's protocol share is the config's 20%.
      expect(tokenDelta(tx, state.tokenBVault) - (r.quoteReserveAfter - reserveBefore)).toBe(feeOf(r));
      expect(r.protocolFee).toBe(feeOf(r) * 20n / 100n);
      const after = await cpAmm.fetchPoolState(damm);
      expect([r.quoteReserveAfter, r.tokenReserveAfter, r.sqrtPriceAfter]).toEqual([big(after.tokenBAmount), big(after.tokenAAmount), big(after.sqrtPrice)]);
      reserveBefore = r.quoteReserveAfter;
    }
  });
});
