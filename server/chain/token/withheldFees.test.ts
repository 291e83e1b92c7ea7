import { describe, expect, it } from 'vitest';
import { Keypair, PACKET_DATA_SIZE, Transaction } from '@solana/web3.js';
import {
  ASSOCIATED_TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID, createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction, getAssociatedTokenAddressSync, getTransferFeeAmount,
} from '@solana/spl-token';
import { CAMPAIGN_TAX_BPS, TOKEN_DECIMALS } from '../../../core/constants';
import {
  MAX_HARVEST_SOURCES_PER_TX, buildCampaignTokenTransactions, buildCollectFeesTransaction, decodeCampaignMint,
  harvestWithheldInstruction, transactionSize, withdrawWithheldInstruction,
} from './index';
import { createTestLedger } from './testLedger';

// A ledger holding one campaign token, its supply in the pool's token account.
function campaignToken() {
  const ledger = createTestLedger();
  const [payer, mint, pool, distributor] = Array.from({ length: 4 }, () => Keypair.generate()) as [Keypair, Keypair, Keypair, Keypair];
  ledger.airdrop(payer.publicKey, 5);
  ledger.airdrop(pool.publicKey, 1);
  ledger.airdrop(distributor.publicKey, 1);
  const plan = buildCampaignTokenTransactions({
    payer: payer.publicKey, mint: mint.publicKey, pool: pool.publicKey, distributor: distributor.publicKey,
    transferFeeBps: CAMPAIGN_TAX_BPS, transferFeeConfigAuthority: null, metadataUpdateAuthority: payer.publicKey,
    name: 'Fee test', symbol: 'FEE', uri: 'http://localhost/meta.json',
  }, ledger.blockhash());
  plan.transactions.forEach((tx) => { tx.sign(payer, mint); ledger.send(tx); });
  const ata = (owner: Keypair) => getAssociatedTokenAddressSync(mint.publicKey, owner.publicKey, false, TOKEN_2022_PROGRAM_ID);
  // Pays `amount` from the pool to a new holder's token account.
  const transferFromPool = (to: Keypair, amount: bigint) => {
    const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: ledger.blockhash() }).add(
      createAssociatedTokenAccountIdempotentInstruction(payer.publicKey, ata(to), to.publicKey, mint.publicKey, TOKEN_2022_PROGRAM_ID, ASSOCIATED_TOKEN_PROGRAM_ID),
      createTransferCheckedInstruction(plan.poolTokenAccount, mint.publicKey, ata(to), pool.publicKey, amount, TOKEN_DECIMALS, [], TOKEN_2022_PROGRAM_ID),
    );
    tx.sign(payer, pool);
    return ledger.send(tx);
  };
  return { ledger, payer, mint, pool, distributor, plan, ata, transferFromPool };
}

describe('transfer fee on a real ledger', () => {
  it('withholds 6% of a transfer, and the distributor harvests and withdraws it', () => {
    const { ledger, mint, distributor, plan, ata, transferFromPool } = campaignToken();
    const alice = Keypair.generate();
    const poolBefore = ledger.tokenAccount(plan.poolTokenAccount).amount;
    transferFromPool(alice, 1000n);
    const aliceAccount = ledger.tokenAccount(ata(alice));
    expect(aliceAccount.amount).toBe(940n);
    expect(getTransferFeeAmount(aliceAccount)?.withheldAmount).toBe(60n);
    expect(poolBefore - ledger.tokenAccount(plan.poolTokenAccount).amount).toBe(1000n);

    // Harvesting is permissionless (nobody signs but the fee payer) and moves the fee to the mint.
    const harvest = new Transaction({ feePayer: distributor.publicKey, recentBlockhash: ledger.blockhash() })
      .add(harvestWithheldInstruction(mint.publicKey, [ata(alice)]));
    harvest.sign(distributor);
    ledger.send(harvest);
    expect(getTransferFeeAmount(ledger.tokenAccount(ata(alice)))?.withheldAmount).toBe(0n);
    expect(decodeCampaignMint(mint.publicKey, ledger.account(mint.publicKey)!).transferFee?.withheldInMint).toBe(60n);

    // Only the withdraw-withheld authority can take it out of the mint.
    const { transaction: byAlice } = buildCollectFeesTransaction({ mint: mint.publicKey, distributor: alice.publicKey, sources: [] }, ledger.blockhash());
    ledger.airdrop(alice.publicKey, 1);
    byAlice.sign(alice);
    expect(() => ledger.send(byAlice)).toThrow(/owner does not match/i);

    const { transaction, destination } = buildCollectFeesTransaction({ mint: mint.publicKey, distributor: distributor.publicKey, sources: [] }, ledger.blockhash());
    transaction.sign(distributor);
    ledger.send(transaction);
    expect(ledger.tokenAccount(destination).amount).toBe(60n);
    expect(ledger.tokenAccount(destination).owner.equals(distributor.publicKey)).toBe(true);
    expect(decodeCampaignMint(mint.publicKey, ledger.account(mint.publicKey)!).transferFee?.withheldInMint).toBe(0n);
    // The withheld fee itself was taxed nowhere: 940 + 60 is the 1,000 sent.
    expect(ledger.tokenAccount(ata(alice)).amount + ledger.tokenAccount(destination).amount).toBe(1000n);
  });

  it(`collects from ${MAX_HARVEST_SOURCES_PER_TX} accounts in one transaction with a separate fee payer`, () => {
    const { ledger, payer, mint, distributor, ata, transferFromPool } = campaignToken();
    const holders = Array.from({ length: MAX_HARVEST_SOURCES_PER_TX }, () => Keypair.generate());
    holders.forEach((h, i) => transferFromPool(h, 1000n * BigInt(i + 1)));
    const expected = holders.reduce((sum, _, i) => sum + (1000n * BigInt(i + 1) * 600n) / 10_000n, 0n);

    const { transaction, destination } = buildCollectFeesTransaction({
      mint: mint.publicKey, distributor: distributor.publicKey, payer: payer.publicKey, sources: holders.map(ata),
    }, ledger.blockhash());
    expect(transactionSize(transaction)).toBeLessThanOrEqual(PACKET_DATA_SIZE);
    transaction.sign(payer, distributor);
    ledger.send(transaction);
    expect(ledger.tokenAccount(destination).amount).toBe(expected);
    for (const h of holders) expect(getTransferFeeAmount(ledger.tokenAccount(ata(h)))?.withheldAmount).toBe(0n);

    expect(() => buildCollectFeesTransaction({
      mint: mint.publicKey, distributor: distributor.publicKey, sources: [...holders, payer].map(ata),
    }, ledger.blockhash())).toThrow(/At most/);
    expect(withdrawWithheldInstruction(mint.publicKey, destination, distributor.publicKey).keys[2]!.isSigner).toBe(true);
  });
});
