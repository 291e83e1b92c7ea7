import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Connection, Keypair, LAMPORTS_PER_SOL, SystemProgram, Transaction, sendAndConfirmTransaction } from '@solana/web3.js';
import { createInitializeMintInstruction, MINT_SIZE, TOKEN_PROGRAM_ID } from '@solana/spl-token';
import type { Address, Base64EncodedWireTransaction } from '@solana/kit';
import { airdrop, startRpcTestApp, type RpcTestApp } from '../../testing/rpcClients';

/** An independent decoder: the zstd command line tool (the reference implementation). */
function unzstd(data: [string, string]): Buffer {
  expect(data[1]).toBe('base64+zstd');
  return execFileSync('zstd', ['-d', '-c', '-q'], { input: Buffer.from(data[0], 'base64') });
}

describe('base64+zstd account encoding', () => {
  let t: RpcTestApp;
  let connection: Connection;
  let rpc: RpcTestApp['rpc'];
  let subscriptions: RpcTestApp['rpcSubscriptions'];
  const payer = Keypair.generate();
  const mint = Keypair.generate();
  const big = Keypair.generate();
  const BIG_SPACE = 200_000; // over zstd's 128 KiB block: the frame needs more than one block

  beforeAll(async () => {
    t = await startRpcTestApp();
    ({ connection, rpc, rpcSubscriptions: subscriptions } = t);
    await airdrop(connection, payer.publicKey, 10 * LAMPORTS_PER_SOL);
    await sendAndConfirmTransaction(connection, new Transaction().add(
      SystemProgram.createAccount({
        fromPubkey: payer.publicKey, newAccountPubkey: mint.publicKey, space: MINT_SIZE,
        lamports: await connection.getMinimumBalanceForRentExemption(MINT_SIZE), programId: TOKEN_PROGRAM_ID,
      }),
      createInitializeMintInstruction(mint.publicKey, 6, payer.publicKey, payer.publicKey),
      SystemProgram.createAccount({
        fromPubkey: payer.publicKey, newAccountPubkey: big.publicKey, space: BIG_SPACE,
        lamports: await connection.getMinimumBalanceForRentExemption(BIG_SPACE), programId: TOKEN_PROGRAM_ID,
      }),
    ), [payer, mint, big]);
  });
  afterAll(async () => { await t?.close(); });

  it('kit getAccountInfo / getMultipleAccounts / getProgramAccounts: zstd frames that decode to what web3.js reads as base64', async () => {
    const mintData = (await connection.getAccountInfo(mint.publicKey))!.data;
    expect(mintData.length).toBe(MINT_SIZE);
    const { value: one } = await rpc.getAccountInfo(mint.publicKey.toBase58() as Address, { encoding: 'base64+zstd' }).send();
    expect(unzstd(one!.data)).toEqual(mintData);
    expect(one!.space).toBe(BigInt(MINT_SIZE));

    const { value: many } = await rpc.getMultipleAccounts([mint.publicKey.toBase58() as Address, big.publicKey.toBase58() as Address], { encoding: 'base64+zstd' }).send();
    expect(unzstd(many[0]!.data)).toEqual(mintData);
    expect(unzstd(many[1]!.data)).toEqual(Buffer.alloc(BIG_SPACE));

    // dataSlice is cut before compressing.
    const { value: sliced } = await rpc.getAccountInfo(mint.publicKey.toBase58() as Address, { encoding: 'base64+zstd', dataSlice: { offset: 4, length: 32 } }).send();
    expect(unzstd(sliced!.data)).toEqual(mintData.subarray(4, 36));

    const owned = await rpc.getProgramAccounts(TOKEN_PROGRAM_ID.toBase58() as Address, {
      encoding: 'base64+zstd', filters: [{ dataSize: BigInt(MINT_SIZE) }, { memcmp: { offset: 4n, bytes: payer.publicKey.toBase58() as never, encoding: 'base58' } }],
    }).send();
    expect(owned.map((a) => a.pubkey)).toEqual([mint.publicKey.toBase58()]);
    expect(unzstd(owned[0].account.data)).toEqual(mintData);
  });

  it('kit: simulated accounts and accountNotifications take base64+zstd too', async () => {
    const { blockhash } = await connection.getLatestBlockhash();
    const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash })
      .add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: mint.publicKey, lamports: 1_000 }));
    tx.sign(payer);
    const { value } = await rpc.simulateTransaction(tx.serialize().toString('base64') as Base64EncodedWireTransaction, {
      encoding: 'base64', accounts: { encoding: 'base64+zstd', addresses: [mint.publicKey.toBase58() as Address] },
    }).send();
    expect(value.err).toBeNull();
    expect(value.accounts[0]!.lamports).toBe(BigInt((await connection.getBalance(mint.publicKey)) + 1_000));
    expect(unzstd(value.accounts[0]!.data as [string, string])).toEqual((await connection.getAccountInfo(mint.publicKey))!.data);

    const abort = new AbortController();
    const stream = await subscriptions.accountNotifications(mint.publicKey.toBase58() as Address, { encoding: 'base64+zstd', commitment: 'confirmed' })
      .subscribe({ abortSignal: abort.signal });
    // Iterating before the send: kit's iterator drops what arrives before it iterates.
    const first = (async () => { for await (const note of stream) return note; })();
    await new Promise((r) => setTimeout(r, 300));
    await connection.sendRawTransaction(tx.serialize());
    const note = await first;
    expect(unzstd(note!.value.data)).toEqual((await connection.getAccountInfo(mint.publicKey))!.data);
    abort.abort();
  });
});
