import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Connection, Keypair, LAMPORTS_PER_SOL, SYSVAR_CLOCK_PUBKEY, SystemProgram, Transaction, sendAndConfirmTransaction, type ParsedAccountData,
} from '@solana/web3.js';
import {
  ExtensionType, TOKEN_2022_PROGRAM_ID, createAssociatedTokenAccountIdempotentInstruction, createInitializeMintInstruction,
  createInitializeTransferFeeConfigInstruction, createMintToInstruction, createTransferCheckedInstruction,
  getAssociatedTokenAddressSync, getMintLen,
} from '@solana/spl-token';
import { airdrop, startRpcTestApp, type RpcTestApp } from '../../testing/rpcClients';

describe('local ledger: Token-2022 with a transfer fee over JSON-RPC', () => {
  let t: RpcTestApp;
  let connection: Connection;
  const payer = Keypair.generate();
  const holder = Keypair.generate();
  const mint = Keypair.generate();
  let payerAta: ReturnType<typeof getAssociatedTokenAddressSync>;
  let holderAta: ReturnType<typeof getAssociatedTokenAddressSync>;
  let transferSignature: string;

  beforeAll(async () => {
    t = await startRpcTestApp();
    ({ connection } = t);
    await airdrop(connection, payer.publicKey, 10 * LAMPORTS_PER_SOL);

    // A 9-decimal mint with a 600 bps transfer fee, 1,000 tokens to the payer, 1,000 on to the holder.
    const space = getMintLen([ExtensionType.TransferFeeConfig]);
    const create = new Transaction().add(
      SystemProgram.createAccount({
        fromPubkey: payer.publicKey, newAccountPubkey: mint.publicKey, space,
        lamports: await connection.getMinimumBalanceForRentExemption(space), programId: TOKEN_2022_PROGRAM_ID,
      }),
      createInitializeTransferFeeConfigInstruction(mint.publicKey, payer.publicKey, payer.publicKey, 600, 10n ** 18n, TOKEN_2022_PROGRAM_ID),
      createInitializeMintInstruction(mint.publicKey, 9, payer.publicKey, null, TOKEN_2022_PROGRAM_ID),
    );
    await sendAndConfirmTransaction(connection, create, [payer, mint]);
    payerAta = getAssociatedTokenAddressSync(mint.publicKey, payer.publicKey, false, TOKEN_2022_PROGRAM_ID);
    holderAta = getAssociatedTokenAddressSync(mint.publicKey, holder.publicKey, false, TOKEN_2022_PROGRAM_ID);
    await sendAndConfirmTransaction(connection, new Transaction().add(
      createAssociatedTokenAccountIdempotentInstruction(payer.publicKey, payerAta, payer.publicKey, mint.publicKey, TOKEN_2022_PROGRAM_ID),
      createAssociatedTokenAccountIdempotentInstruction(payer.publicKey, holderAta, holder.publicKey, mint.publicKey, TOKEN_2022_PROGRAM_ID),
      createMintToInstruction(mint.publicKey, payerAta, payer.publicKey, 5_000n * 10n ** 9n, [], TOKEN_2022_PROGRAM_ID),
    ), [payer]);
    transferSignature = await sendAndConfirmTransaction(connection, new Transaction().add(
      createTransferCheckedInstruction(payerAta, mint.publicKey, holderAta, payer.publicKey, 1_000n * 10n ** 9n, 9, [], TOKEN_2022_PROGRAM_ID),
    ), [payer]);
  });
  afterAll(async () => { await t?.close(); });

  it('parses the transferChecked, its balances and token balances like a real node', async () => {
    const tx = await connection.getParsedTransaction(transferSignature, { maxSupportedTransactionVersion: 0 });
    expect(tx?.meta?.err).toBeNull();
    expect(tx?.meta?.fee).toBe(5000);
    expect(tx?.transaction.message.instructions[0]).toMatchObject({
      program: 'spl-token',
      programId: TOKEN_2022_PROGRAM_ID,
      parsed: {
        type: 'transferChecked',
        info: {
          source: payerAta.toBase58(), destination: holderAta.toBase58(), mint: mint.publicKey.toBase58(), authority: payer.publicKey.toBase58(),
          tokenAmount: { amount: '1000000000000', decimals: 9, uiAmountString: '1000' },
        },
      },
    });
    expect(tx?.meta?.preBalances[0]).toBe((tx?.meta?.postBalances[0] ?? 0) + 5000);
    const pre = tx?.meta?.preTokenBalances ?? [];
    const post = tx?.meta?.postTokenBalances ?? [];
    const holderPost = post.find((b) => b.owner === holder.publicKey.toBase58());
    expect(holderPost).toMatchObject({ mint: mint.publicKey.toBase58(), programId: TOKEN_2022_PROGRAM_ID.toBase58(), uiTokenAmount: { amount: '940000000000', decimals: 9 } });
    const payerPre = pre.find((b) => b.owner === payer.publicKey.toBase58());
    expect(payerPre?.uiTokenAmount.amount).toBe('5000000000000');
  });

  it('shows the withheld fee in the parsed token account and the balances', async () => {
    const info = await connection.getParsedAccountInfo(holderAta);
    const data = info.value?.data as ParsedAccountData;
    expect(data.program).toBe('spl-token-2022');
    expect(data.parsed.type).toBe('account');
    expect(data.parsed.info.tokenAmount.amount).toBe('940000000000');
    const fee = data.parsed.info.extensions.find((e: { extension: string }) => e.extension === 'transferFeeAmount');
    expect(fee.state.withheldAmount).toBe(60_000_000_000);
    expect((await connection.getTokenAccountBalance(holderAta)).value).toMatchObject({ amount: '940000000000', decimals: 9, uiAmount: 940, uiAmountString: '940' });
  });

  it('answers getTokenSupply, getTokenLargestAccounts and getTokenAccountsByOwner', async () => {
    expect((await connection.getTokenSupply(mint.publicKey)).value).toMatchObject({ amount: '5000000000000', decimals: 9, uiAmountString: '5000' });
    const largest = (await connection.getTokenLargestAccounts(mint.publicKey)).value;
    expect(largest.map((l) => [l.address.toBase58(), l.amount])).toEqual([[payerAta.toBase58(), '4000000000000'], [holderAta.toBase58(), '940000000000']]);
    const owned = await connection.getParsedTokenAccountsByOwner(holder.publicKey, { mint: mint.publicKey });
    expect(owned.value.map((a) => a.pubkey.toBase58())).toEqual([holderAta.toBase58()]);
    const byProgram = await connection.getTokenAccountsByOwner(payer.publicKey, { programId: TOKEN_2022_PROGRAM_ID });
    expect(byProgram.value.map((a) => a.pubkey.toBase58())).toEqual([payerAta.toBase58()]);
  });

  it('filters getProgramAccounts by dataSize and memcmp', async () => {
    const accountSize = (await connection.getAccountInfo(holderAta))!.data.length;
    const byMint = await connection.getProgramAccounts(TOKEN_2022_PROGRAM_ID, {
      filters: [{ dataSize: accountSize }, { memcmp: { offset: 0, bytes: mint.publicKey.toBase58() } }],
    });
    expect(byMint.map((a) => a.pubkey.toBase58()).sort()).toEqual([payerAta.toBase58(), holderAta.toBase58()].sort());
    const byOwner = await connection.getProgramAccounts(TOKEN_2022_PROGRAM_ID, {
      filters: [{ memcmp: { offset: 32, bytes: holder.publicKey.toBase58() } }],
    });
    expect(byOwner.map((a) => a.pubkey.toBase58())).toEqual([holderAta.toBase58()]);
    expect(await connection.getProgramAccounts(TOKEN_2022_PROGRAM_ID, { filters: [{ dataSize: 1 }] })).toEqual([]);
  });

  it('pages getSignaturesForAddress with limit, before and until, newest first', async () => {
    const all = await connection.getSignaturesForAddress(payer.publicKey);
    expect(all).toHaveLength(4); // airdrop, mint creation, ATAs + mintTo, transfer
    expect(all[0].signature).toBe(transferSignature);
    // Each entry is finalized once the root has reached its slot, confirmed before (Agave's rule).
    const root = await connection.getSlot('finalized');
    expect(all.every((s) => s.confirmationStatus === (s.slot <= root ? 'finalized' : 'confirmed') && s.err === null && typeof s.blockTime === 'number')).toBe(true);
    const page = await connection.getSignaturesForAddress(payer.publicKey, { limit: 2 });
    expect(page.map((s) => s.signature)).toEqual(all.slice(0, 2).map((s) => s.signature));
    const next = await connection.getSignaturesForAddress(payer.publicKey, { before: page[1].signature, limit: 10 });
    expect(next.map((s) => s.signature)).toEqual(all.slice(2).map((s) => s.signature));
    const until = await connection.getSignaturesForAddress(payer.publicKey, { until: all[2].signature });
    expect(until.map((s) => s.signature)).toEqual(all.slice(0, 2).map((s) => s.signature));
    const byMint = await connection.getSignaturesForAddress(mint.publicKey);
    expect(byMint).toHaveLength(3);
  });

  // Last: it moves the clock and adds accounts.
  it('reads accounts at finalized as the root left them, until the root passes the writes (web3.js and kit)', async () => {
    const ledger = t.services.chain.ledger!;
    // A slot at a time, as the clock runs: each slot is a bank with its own Clock sysvar.
    const pass = (slots: number) => { for (let i = 0; i < slots; i++) ledger.warp(ledger.slot + 1n); };
    pass(40);
    const newcomer = Keypair.generate();
    const newcomerAta = getAssociatedTokenAddressSync(mint.publicKey, newcomer.publicKey, false, TOKEN_2022_PROGRAM_ID);
    const before = (await connection.getTokenAccountBalance(payerAta)).value.amount;
    await sendAndConfirmTransaction(connection, new Transaction().add(
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: newcomer.publicKey, lamports: LAMPORTS_PER_SOL }),
      createAssociatedTokenAccountIdempotentInstruction(payer.publicKey, newcomerAta, newcomer.publicKey, mint.publicKey, TOKEN_2022_PROGRAM_ID),
      createTransferCheckedInstruction(payerAta, mint.publicKey, newcomerAta, payer.publicKey, 10n * 10n ** 9n, 9, [], TOKEN_2022_PROGRAM_ID),
    ), [payer]);
    const byMint = { filters: [{ memcmp: { offset: 0, bytes: mint.publicKey.toBase58() } }] };

    // confirmed (and processed) read the tip: the transaction is there.
    expect(await connection.getBalance(newcomer.publicKey, 'confirmed')).toBe(LAMPORTS_PER_SOL);
    expect((await connection.getTokenAccountsByOwner(newcomer.publicKey, { mint: mint.publicKey }, 'confirmed')).value).toHaveLength(1);
    expect((await connection.getProgramAccounts(TOKEN_2022_PROGRAM_ID, { ...byMint, commitment: 'confirmed' })).map((a) => a.pubkey.toBase58())).toContain(newcomerAta.toBase58());

    // finalized reads the root, 32 slots back: none of it yet, and its context says which slot.
    const root = await connection.getSlot('finalized');
    const { context, value } = await t.rpc.getBalance(newcomer.publicKey.toBase58() as never, { commitment: 'finalized' }).send();
    // (The clock runs on meanwhile: the root may have moved a slot since.)
    expect(context.slot).toBeGreaterThanOrEqual(BigInt(root));
    expect(context.slot).toBeLessThan(BigInt(ledger.slot));
    expect(value).toBe(0n);
    expect(await connection.getAccountInfo(newcomerAta, 'finalized')).toBeNull();
    expect((await connection.getMultipleAccountsInfo([newcomer.publicKey, payerAta], 'finalized'))[0]).toBeNull();
    expect((await connection.getTokenAccountBalance(payerAta, 'finalized')).value.amount).toBe(before);
    expect((await connection.getTokenAccountsByOwner(newcomer.publicKey, { mint: mint.publicKey }, 'finalized')).value).toEqual([]);
    expect((await connection.getTokenLargestAccounts(mint.publicKey, 'finalized')).value.map((l) => l.address.toBase58())).not.toContain(newcomerAta.toBase58());
    expect((await connection.getProgramAccounts(TOKEN_2022_PROGRAM_ID, { ...byMint, commitment: 'finalized' })).map((a) => a.pubkey.toBase58()).sort())
      .toEqual([payerAta.toBase58(), holderAta.toBase58()].sort());
    // The Clock sysvar as the root's bank had it.
    const clock = await connection.getParsedAccountInfo(SYSVAR_CLOCK_PUBKEY, 'finalized');
    expect((clock.value!.data as ParsedAccountData).parsed.info.slot).toBe(clock.context.slot);
    expect(clock.context.slot).toBeLessThan(ledger.slot - 31n);

    // 32 slots on, the root has passed the transaction.
    pass(33);
    expect(await connection.getBalance(newcomer.publicKey, 'finalized')).toBe(LAMPORTS_PER_SOL);
    expect((await connection.getTokenAccountsByOwner(newcomer.publicKey, { mint: mint.publicKey }, 'finalized')).value).toHaveLength(1);
    expect((await connection.getTokenAccountBalance(payerAta, 'finalized')).value.amount).toBe((BigInt(before) - 10n * 10n ** 9n).toString());
  });
});
