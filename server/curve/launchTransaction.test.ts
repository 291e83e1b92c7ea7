import { getAccount, getAssociatedTokenAddressSync, getMint, getTokenMetadata, TOKEN_2022_PROGRAM_ID } from '@solana/spl-token';
import { Keypair, PublicKey, Transaction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAMPORTS_PER_SOL, TOKEN_TOTAL_SUPPLY } from '../../core/constants';
import { createTestApp, type TestApp } from '../testing/app';
import { ensureCurveConfigs } from './configs';
import { buildLaunchTransaction } from './launchTransaction';
import { readVirtualPool } from './virtualPool';

describe('the launch transaction', () => {
  let t: TestApp;
  let config: PublicKey;
  beforeAll(async () => {
    t = await createTestApp();
    config = new PublicKey((await ensureCurveConfigs(t.services))[0].address);
  }, 60_000);
  afterAll(async () => { await t.close(); });

  it('creates the pool and the creator\'s initial buy in one transaction the creator pays, the distributor key as the pool\'s creator', async () => {
    const { connection } = t.services.chain;
    const creator = Keypair.generate();
    await t.services.chain.airdrop!(creator.publicKey.toBase58(), 5n * LAMPORTS_PER_SOL);
    const distributor = Keypair.generate();
    const mint = Keypair.generate();
    const built = await buildLaunchTransaction(connection, {
      config, payer: creator.publicKey, poolCreator: distributor, mint,
      name: 'Clean Water', symbol: 'WATER', uri: 'https://causemint.test/metadata/water.json', initialBuyLamports: LAMPORTS_PER_SOL, slippageBps: 500,
    });
    expect(built.minimumTokens).toBe(built.expectedTokens * 9_500n / 10_000n);

    // Only the payer's signature is missing, and nothing else of ours is asked to sign.
    const tx = Transaction.from(built.transaction);
    const missing = tx.signatures.filter((s) => s.signature === null).map((s) => s.publicKey.toBase58());
    expect(missing).toEqual([creator.publicKey.toBase58()]);
    expect(tx.signatures.map((s) => s.publicKey.toBase58()).sort()).toEqual([creator, distributor, mint].map((k) => k.publicKey.toBase58()).sort());

    tx.partialSign(creator);
    const before = await connection.getBalance(creator.publicKey, 'confirmed');
    const signature = await t.services.chain.sendAndConfirm(tx.serialize());
    const landed = await connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
    expect(landed?.meta?.err).toBeNull();

    const pool = await readVirtualPool(connection, new PublicKey(built.pool));
    expect(pool?.poolState.creator.toBase58()).toBe(distributor.publicKey.toBase58());
    expect(pool?.poolState.config.toBase58()).toBe(config.toBase58());
    expect(pool?.poolState.baseMint.toBase58()).toBe(built.mint);

    // A fresh curve: the creator got exactly the quote, and the SOL side holds the buy less its 6% fee.
    const ata = getAssociatedTokenAddressSync(mint.publicKey, creator.publicKey, false, TOKEN_2022_PROGRAM_ID);
    expect((await getAccount(connection, ata, 'confirmed', TOKEN_2022_PROGRAM_ID)).amount).toBe(built.expectedTokens);
    expect(BigInt(pool!.poolState.quoteReserve.toString())).toBe(LAMPORTS_PER_SOL * 94n / 100n);

    // The token: the whole supply minted once, no mint or freeze authority, its metadata on the mint.
    const onChain = await getMint(connection, mint.publicKey, 'confirmed', TOKEN_2022_PROGRAM_ID);
    expect(onChain.supply).toBe(TOKEN_TOTAL_SUPPLY);
    expect(onChain.mintAuthority).toBeNull();
    expect(onChain.freezeAuthority).toBeNull();
    const metadata = await getTokenMetadata(connection, mint.publicKey, 'confirmed', TOKEN_2022_PROGRAM_ID);
    expect([metadata?.name, metadata?.symbol, metadata?.uri]).toEqual(['Clean Water', 'WATER', 'https://causemint.test/metadata/water.json']);

    // The creator paid the buy, the accounts' rent and the fee, nothing to any key of ours.
    const after = await connection.getBalance(creator.publicKey, 'confirmed');
    expect(BigInt(before - after)).toBeGreaterThan(LAMPORTS_PER_SOL);
    expect(BigInt(before - after)).toBeLessThan(LAMPORTS_PER_SOL + LAMPORTS_PER_SOL / 20n);
    expect(await connection.getBalance(distributor.publicKey, 'confirmed')).toBe(0);
  }, 60_000);
});
