import { describe, expect, it } from 'vitest';
import { Keypair, PACKET_DATA_SIZE, PublicKey, type AccountInfo } from '@solana/web3.js';
import { TOKEN_2022_PROGRAM_ID } from '@solana/spl-token';
import { address } from '@solana/kit';
import { FailedTransactionMetadata } from 'litesvm';
import { CAMPAIGN_TAX_BPS, OFFICIAL_TOKEN_TAX_BPS, TOKEN_TOTAL_SUPPLY } from '../../../core/constants';
import {
  buildCampaignTokenTransactions, decodeCampaignMint, readCampaignMint, rentExemptLamports, transactionSize,
  signCampaignTokenPlan, signTransaction, type CampaignTokenParams,
} from './index';
import { createTestLedger } from './testLedger';

function setup(overrides: Partial<CampaignTokenParams> = {}) {
  const ledger = createTestLedger();
  const [payer, mint, pool, distributor, platform] = Array.from({ length: 5 }, () => Keypair.generate()) as [Keypair, Keypair, Keypair, Keypair, Keypair];
  ledger.airdrop(payer.publicKey, 1);
  const params: CampaignTokenParams = {
    payer: payer.publicKey,
    mint: mint.publicKey,
    pool: pool.publicKey,
    distributor: distributor.publicKey,
    transferFeeBps: CAMPAIGN_TAX_BPS,
    transferFeeConfigAuthority: null,
    metadataUpdateAuthority: platform.publicKey,
    name: 'Clean Water for Kisumu',
    symbol: 'water',
    uri: `http://localhost:8787/api/metadata/${mint.publicKey.toBase58()}.json`,
    ...overrides,
  };
  return { ledger, payer, mint, pool, distributor, platform, params, keypairs: [payer, mint, pool, distributor, platform] };
}

describe('campaign token creation on a real ledger', () => {
  it('creates the Token-2022 mint with fee, metadata, full supply in the pool and no authorities, in one transaction', async () => {
    const { ledger, payer, mint, pool, distributor, platform, params, keypairs } = setup();
    const plan = buildCampaignTokenTransactions(params, ledger.blockhash());
    expect(plan.transactions).toHaveLength(1);
    const size = transactionSize(plan.transactions[0]!);
    expect(size).toBeLessThanOrEqual(PACKET_DATA_SIZE);
    expect(size).toBe(plan.transactions[0]!.serialize({ requireAllSignatures: false, verifySignatures: false }).length);
    expect(plan.signers[0]!.map((k) => k.toBase58()).sort()).toEqual([payer, mint].map((k) => k.publicKey.toBase58()).sort());
    const [wire] = signCampaignTokenPlan(plan, keypairs);
    expect(plan.transactions[0]!.verifySignatures()).toBe(true);
    expect(wire!.equals(plan.transactions[0]!.serialize())).toBe(true);
    expect(() => signCampaignTokenPlan(plan, [payer])).toThrow(/Missing the keypair/);
    const before = ledger.balance(payer.publicKey);
    const result = ledger.send(wire!);
    expect(result.computeUnitsConsumed()).toBeLessThan(200_000n);

    const account = ledger.account(mint.publicKey)!;
    expect(new PublicKey(account.owner).equals(TOKEN_2022_PROGRAM_ID)).toBe(true);
    // Funded for the metadata the account grew by, exactly rent-exempt.
    expect(account.lamports).toBe(ledger.svm.minimumBalanceForRentExemption(BigInt(account.data.length)));
    expect(account.lamports).toBe(plan.mintRentLamports);

    const info = decodeCampaignMint(mint.publicKey, account);
    expect(info).toEqual({
      address: mint.publicKey.toBase58(),
      decimals: 9,
      supply: 10n ** 18n,
      mintAuthority: null,
      freezeAuthority: null,
      transferFee: {
        bps: 600, maximumFee: TOKEN_TOTAL_SUPPLY, epoch: 0n, configAuthority: null,
        withdrawWithheldAuthority: distributor.publicKey.toBase58(), withheldInMint: 0n,
      },
      metadataAddress: mint.publicKey.toBase58(),
      metadata: {
        name: 'Clean Water for Kisumu', symbol: 'WATER', uri: params.uri,
        updateAuthority: platform.publicKey.toBase58(), additional: [],
      },
    });

    const poolAccount = ledger.tokenAccount(plan.poolTokenAccount);
    expect(poolAccount.owner.equals(pool.publicKey)).toBe(true);
    expect(poolAccount.mint.equals(mint.publicKey)).toBe(true);
    expect(poolAccount.amount).toBe(TOKEN_TOTAL_SUPPLY);
    // The payer paid the two accounts' rent and the fee, and nothing else.
    const poolRent = ledger.account(plan.poolTokenAccount)!.lamports;
    expect(before - ledger.balance(payer.publicKey)).toBe(plan.mintRentLamports + poolRent + 10_000n);

    // The same reader through an RPC-shaped source; a missing account reads as null.
    const source = {
      getAccountInfo: async (pk: PublicKey): Promise<AccountInfo<Buffer> | null> => {
        const acc = ledger.account(pk);
        return acc && { data: Buffer.from(acc.data), owner: new PublicKey(acc.owner), lamports: Number(acc.lamports), executable: false };
      },
    };
    expect(await readCampaignMint(source, mint.publicKey.toBase58())).toEqual(info);
    expect(await readCampaignMint(source, Keypair.generate().publicKey)).toBeNull();
    await expect(readCampaignMint(source, payer.publicKey)).rejects.toThrow();
  });

  it('splits into two transactions when a long uri does not fit one, and the second cannot mint twice', () => {
    const { ledger, mint, params, keypairs, payer } = setup({ uri: `https://gateway.example.org/ipfs/${'b'.repeat(600)}` });
    const plan = buildCampaignTokenTransactions(params, ledger.blockhash());
    expect(plan.transactions).toHaveLength(2);
    for (const tx of plan.transactions) expect(transactionSize(tx)).toBeLessThanOrEqual(PACKET_DATA_SIZE);
    signCampaignTokenPlan(plan, keypairs);
    ledger.send(plan.transactions[0]!);
    const halfway = decodeCampaignMint(mint.publicKey, ledger.account(mint.publicKey)!);
    expect(halfway.supply).toBe(0n);
    expect(halfway.mintAuthority).toBe(payer.publicKey.toBase58());
    expect(halfway.metadata?.uri).toBe(params.uri);
    ledger.send(plan.transactions[1]!);
    const done = decodeCampaignMint(mint.publicKey, ledger.account(mint.publicKey)!);
    expect(done.supply).toBe(TOKEN_TOTAL_SUPPLY);
    expect(done.mintAuthority).toBeNull();

    // A resend after a crash (fresh blockhash) fails instead of minting again.
    ledger.svm.expireBlockhash();
    const again = buildCampaignTokenTransactions(params, ledger.blockhash());
    signCampaignTokenPlan(again, keypairs);
    const resend = ledger.trySend(again.transactions[1]!);
    expect(resend).toBeInstanceOf(FailedTransactionMetadata);
    expect((resend as FailedTransactionMetadata).meta().logs().join('\n')).toMatch(/total supply of this token is fixed/);
    expect(ledger.tokenAccount(plan.poolTokenAccount).amount).toBe(TOKEN_TOTAL_SUPPLY);
  });

  it('signs in two steps, keeping the first signature (a co-signed transaction)', () => {
    const { ledger, mint, payer, params } = setup();
    const [tx] = buildCampaignTokenTransactions(params, ledger.blockhash()).transactions;
    const partial = signTransaction(tx!, [mint]);
    expect(tx!.verifySignatures()).toBe(false);
    expect(partial.equals(tx!.serialize({ requireAllSignatures: false }))).toBe(true);
    expect(() => signTransaction(tx!, [Keypair.generate()])).toThrow(/not a signer/);
    const wire = signTransaction(tx!, [payer]);
    expect(tx!.verifySignatures()).toBe(true);
    ledger.send(wire);
    expect(decodeCampaignMint(mint.publicKey, ledger.account(mint.publicKey)!).supply).toBe(TOKEN_TOTAL_SUPPLY);
  });

  it('builds the official token: 1,000 bps, fee changes reserved to the platform', () => {
    const { ledger, mint, platform, params, keypairs } = setup({ transferFeeBps: OFFICIAL_TOKEN_TAX_BPS, maximumFee: 2n ** 64n - 1n });
    const plan = buildCampaignTokenTransactions({ ...params, transferFeeConfigAuthority: platform.publicKey }, ledger.blockhash());
    signCampaignTokenPlan(plan, keypairs);
    plan.transactions.forEach((tx) => ledger.send(tx));
    const info = decodeCampaignMint(mint.publicKey, ledger.account(mint.publicKey)!);
    expect(info.transferFee).toMatchObject({ bps: 1000, maximumFee: 2n ** 64n - 1n, configAuthority: platform.publicKey.toBase58() });
  });

  it('refuses impossible parameters before building anything', () => {
    const { ledger, params } = setup();
    expect(() => buildCampaignTokenTransactions({ ...params, transferFeeBps: 10_001 }, ledger.blockhash())).toThrow(/transferFeeBps/);
    expect(() => buildCampaignTokenTransactions({ ...params, transferFeeBps: 6.5 }, ledger.blockhash())).toThrow(/transferFeeBps/);
    expect(() => buildCampaignTokenTransactions({ ...params, name: '' }, ledger.blockhash())).toThrow(/required/);
    expect(() => buildCampaignTokenTransactions({ ...params, uri: 'x'.repeat(1500) }, ledger.blockhash())).toThrow(/too long/);
  });

  it('computes rent as the ledger does', () => {
    const { ledger } = setup();
    for (const len of [0, 165, 234, 500, 10_000]) {
      expect(rentExemptLamports(len)).toBe(ledger.svm.minimumBalanceForRentExemption(BigInt(len)));
    }
    expect(address(TOKEN_2022_PROGRAM_ID.toBase58())).toBe('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb');
  });
});
