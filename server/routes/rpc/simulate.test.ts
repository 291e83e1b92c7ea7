import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction, TransactionMessage, VersionedTransaction,
  sendAndConfirmTransaction,
} from '@solana/web3.js';
import { createAssociatedTokenAccountInstruction, createInitializeMintInstruction, getAssociatedTokenAddressSync, MINT_SIZE, TOKEN_PROGRAM_ID } from '@solana/spl-token';
import type { Base64EncodedWireTransaction } from '@solana/kit';
import { airdrop, startRpcTestApp, type RpcTestApp } from '../../testing/rpcClients';

const INSTRUCTIONS_SYSVAR = 'Sysvar1nstructions1111111111111111111111111';

describe('simulateTransaction answers every field Agave does', () => {
  let t: RpcTestApp;
  let connection: Connection;
  let rpc: RpcTestApp['rpc'];
  const payer = Keypair.generate();
  const mint = Keypair.generate();

  beforeAll(async () => {
    t = await startRpcTestApp();
    ({ connection, rpc } = t);
    await airdrop(connection, payer.publicKey, 5 * LAMPORTS_PER_SOL);
    await sendAndConfirmTransaction(connection, new Transaction().add(
      SystemProgram.createAccount({
        fromPubkey: payer.publicKey, newAccountPubkey: mint.publicKey, space: MINT_SIZE,
        lamports: await connection.getMinimumBalanceForRentExemption(MINT_SIZE), programId: TOKEN_PROGRAM_ID,
      }),
      createInitializeMintInstruction(mint.publicKey, 6, payer.publicKey, null),
    ), [payer, mint]);
  });
  afterAll(async () => { await t?.close(); });

  /** Creating an associated token account: the ATA program calls the token and system programs. */
  async function createAtaTransaction(): Promise<{ tx: VersionedTransaction; ata: PublicKey }> {
    const owner = Keypair.generate().publicKey;
    const ata = getAssociatedTokenAddressSync(mint.publicKey, owner);
    const { blockhash } = await connection.getLatestBlockhash();
    const message = new TransactionMessage({
      payerKey: payer.publicKey, recentBlockhash: blockhash,
      instructions: [createAssociatedTokenAccountInstruction(payer.publicKey, ata, owner, mint.publicKey)],
    }).compileToV0Message();
    const tx = new VersionedTransaction(message);
    tx.sign([payer]);
    return { tx, ata };
  }

  /**
   * Agave's count (SIMD-0186), worked out here from what getMultipleAccountsInfo says of each
   * key: 64 + data per existing account, plus the programdata behind a loader-v3 program once.
   */
  async function expectedLoadedSize(keys: PublicKey[]): Promise<number> {
    const infos = await connection.getMultipleAccountsInfo(keys);
    let size = 0;
    const programData: PublicKey[] = [];
    infos.forEach((info, i) => {
      if (!info || keys[i].toBase58() === INSTRUCTIONS_SYSVAR) return;
      size += 64 + info.data.length;
      if (info.owner.toBase58() === 'BPFLoaderUpgradeab1e11111111111111111111111' && info.data.readUInt32LE(0) === 2) {
        programData.push(new PublicKey(info.data.subarray(4, 36)));
      }
    });
    // The ATA and token programs are loader-v3 programs here, so this part is exercised.
    expect(programData.length).toBeGreaterThan(0);
    for (const info of await connection.getMultipleAccountsInfo(programData)) size += 64 + info!.data.length;
    return size;
  }

  /** The same count for a transaction that loads no loader-v3 program. */
  async function expectedLoadedSizeOf(keys: PublicKey[]): Promise<number> {
    const infos = await connection.getMultipleAccountsInfo(keys);
    return infos.reduce((size, info) => size + (info ? 64 + info.data.length : 0), 0);
  }

  it('web3.js: innerInstructions in the parsed shape, the loaded size, fee and balances of the simulated run', async () => {
    const { tx, ata } = await createAtaTransaction();
    const keys = tx.message.staticAccountKeys;
    const sim = await connection.simulateTransaction(tx, { innerInstructions: true, accounts: { encoding: 'base64', addresses: [ata.toBase58()] } });
    const value = sim.value as typeof sim.value & Record<string, unknown>;
    expect(value.err).toBeNull();
    const inner = value.innerInstructions!;
    expect(inner).toHaveLength(1);
    expect(inner[0].index).toBe(0);
    const programs = inner[0].instructions.map((ix) => ('program' in ix ? `${ix.program}:${(ix.parsed as { type: string }).type}` : ix.programId.toBase58()));
    expect(programs).toEqual(expect.arrayContaining(['spl-token:getAccountDataSize', 'system:createAccount', 'spl-token:initializeImmutableOwner', 'spl-token:initializeAccount3']));
    expect(inner[0].instructions.every((ix) => (ix as { stackHeight?: number }).stackHeight === 2)).toBe(true);
    expect(value.loadedAccountsDataSize).toBe(await expectedLoadedSize(keys));
    expect(value.loadedAccountsDataSize).toBeGreaterThan(64 * keys.length);
    expect(value.fee).toBe(5000);
    const rent = await connection.getMinimumBalanceForRentExemption(165);
    const pre = value.preBalances as number[];
    const post = value.postBalances as number[];
    expect(pre[0]).toBe(await connection.getBalance(payer.publicKey));
    expect(post[0]).toBe(pre[0] - 5000 - rent);
    expect(post[keys.findIndex((k) => k.equals(ata))]).toBe(rent);
    expect(value.postTokenBalances).toEqual([expect.objectContaining({ mint: mint.publicKey.toBase58(), uiTokenAmount: expect.objectContaining({ amount: '0' }) })]);
    expect(value.loadedAddresses).toEqual({ writable: [], readonly: [] });
    expect(value.accounts?.[0]?.owner).toBe(TOKEN_PROGRAM_ID.toBase58());
    expect(value.replacementBlockhash).toBeNull();
    // Nothing of it happened.
    expect(await connection.getAccountInfo(ata)).toBeNull();

    // Without the flag, no inner instructions, as a validator.
    const plain = await connection.simulateTransaction(tx);
    expect(plain.value.innerInstructions).toBeNull();
    expect((plain.value as unknown as { loadedAccountsDataSize: number }).loadedAccountsDataSize).toBe(value.loadedAccountsDataSize);
  });

  it('kit: the same fields, and a failed run answers its accounts as null', async () => {
    const { tx } = await createAtaTransaction();
    const wire = Buffer.from(tx.serialize()).toString('base64') as Base64EncodedWireTransaction;
    const { value } = await rpc.simulateTransaction(wire, { encoding: 'base64', innerInstructions: true, replaceRecentBlockhash: true }).send();
    expect(value.err).toBeNull();
    expect(value.loadedAccountsDataSize).toBe(await expectedLoadedSize(tx.message.staticAccountKeys));
    expect(value.innerInstructions?.[0].instructions.length).toBeGreaterThanOrEqual(4);
    expect(value.replacementBlockhash?.blockhash).toEqual(expect.any(String));
    expect(value.unitsConsumed).toBeGreaterThan(0n);

    // A transfer of more than the payer holds fails inside the system program: accounts come back null, the fee still counts.
    const existing = Keypair.generate();
    await sendAndConfirmTransaction(connection, new Transaction().add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: existing.publicKey, lamports: LAMPORTS_PER_SOL })), [payer]);
    const failing = new Transaction().add(SystemProgram.transfer({ fromPubkey: existing.publicKey, toPubkey: payer.publicKey, lamports: 2 * LAMPORTS_PER_SOL }));
    failing.feePayer = existing.publicKey;
    failing.recentBlockhash = (await connection.getLatestBlockhash()).blockhash;
    failing.sign(existing);
    const failed = await rpc.simulateTransaction(failing.serialize().toString('base64') as Base64EncodedWireTransaction, {
      encoding: 'base64', accounts: { encoding: 'base64', addresses: [existing.publicKey.toBase58() as never] },
    }).send();
    expect(failed.value.err).toEqual({ InstructionError: [0n, { Custom: 1n }] });
    expect(failed.value.accounts).toEqual([null]);
    const f = failed.value as typeof failed.value & { fee: bigint; postBalances: bigint[]; preBalances: bigint[] };
    expect(f.fee).toBe(5000n);
    expect(f.postBalances[0]).toBe(f.preBalances[0] - 5000n);
  });

  it('kit: a preflight failure of sendTransaction carries the loaded size and fee of the run, as Agave reports them', async () => {
    const poor = Keypair.generate();
    await sendAndConfirmTransaction(connection, new Transaction().add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: poor.publicKey, lamports: LAMPORTS_PER_SOL / 10 })), [payer]);
    const tx = new Transaction().add(SystemProgram.transfer({ fromPubkey: poor.publicKey, toPubkey: Keypair.generate().publicKey, lamports: LAMPORTS_PER_SOL }));
    tx.feePayer = poor.publicKey;
    tx.recentBlockhash = (await connection.getLatestBlockhash()).blockhash;
    tx.sign(poor);
    const expected = await expectedLoadedSizeOf(tx.compileMessage().accountKeys);
    await expect(rpc.sendTransaction(tx.serialize().toString('base64') as Base64EncodedWireTransaction, { encoding: 'base64' }).send())
      .rejects.toMatchObject({ context: { __code: -32002, loadedAccountsDataSize: expected, fee: 5000n, unitsConsumed: 150n } });
  });

  it('refuses base58 simulated accounts and more addresses than the transaction has, with Agave\'s texts', async () => {
    const { tx } = await createAtaTransaction();
    const wire = Buffer.from(tx.serialize()).toString('base64') as Base64EncodedWireTransaction;
    const addresses = [...tx.message.staticAccountKeys.map((k) => k.toBase58()), payer.publicKey.toBase58()] as never[];
    await expect(rpc.simulateTransaction(wire, { encoding: 'base64', accounts: { encoding: 'base64', addresses } }).send())
      .rejects.toMatchObject({ context: { __code: -32602 }, message: expect.stringContaining(`Too many accounts provided; max ${tx.message.staticAccountKeys.length}`) });
    await expect(connection.simulateTransaction(tx, { accounts: { encoding: 'base58' as 'base64', addresses: [payer.publicKey.toBase58()] } }))
      .rejects.toThrow('base58 encoding not supported');
  });
});
