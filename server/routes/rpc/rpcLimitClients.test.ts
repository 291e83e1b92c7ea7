import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction, sendAndConfirmTransaction } from '@solana/web3.js';
import type { Address } from '@solana/kit';
import { airdrop, startRpcTestApp, type RpcTestApp } from '../../testing/rpcClients';

const MAX_PROGRAM_ACCOUNTS = 3;
const SPACE = 8;

describe('the getProgramAccounts limits reach web3.js and kit as the errors hosted mainnet RPC answers', () => {
  let t: RpcTestApp;
  let connection: Connection;
  let rpc: RpcTestApp['rpc'];
  const owner = Keypair.generate().publicKey;

  beforeAll(async () => {
    t = await startRpcTestApp({ RPC_MAX_PROGRAM_ACCOUNTS: String(MAX_PROGRAM_ACCOUNTS) });
    ({ connection, rpc } = t);
    const payer = Keypair.generate();
    await airdrop(connection, payer.publicKey, LAMPORTS_PER_SOL);
    const lamports = await connection.getMinimumBalanceForRentExemption(SPACE);
    const tx = new Transaction();
    for (let i = 0; i <= MAX_PROGRAM_ACCOUNTS; i++) {
      const seed = `s${i}`;
      tx.add(SystemProgram.createAccountWithSeed({
        fromPubkey: payer.publicKey, basePubkey: payer.publicKey, seed, lamports, space: SPACE, programId: owner,
        newAccountPubkey: await PublicKey.createWithSeed(payer.publicKey, seed, owner),
      }));
    }
    await sendAndConfirmTransaction(connection, tx, [payer]);
  });
  afterAll(async () => { await t?.close(); });

  it('web3.js: -32010 for an unfiltered scan, -32012 for one over RPC_MAX_PROGRAM_ACCOUNTS', async () => {
    await expect(connection.getProgramAccounts(owner)).rejects.toMatchObject({
      code: -32010, message: expect.stringContaining(`${owner.toBase58()} excluded from account secondary indexes; this RPC method unavailable for key`),
    });
    await expect(connection.getProgramAccounts(owner, { filters: [{ dataSize: SPACE }] })).rejects.toMatchObject({
      code: -32012, message: expect.stringContaining('scan aborted: The accumulated scan results exceeded the limit'),
    });
    // Narrowed under the bound, it answers.
    expect(await connection.getProgramAccounts(owner, { filters: [{ dataSize: SPACE + 1 }] })).toEqual([]);
  });

  it('kit: the same codes in its SolanaError context', async () => {
    await expect(rpc.getProgramAccounts(owner.toBase58() as Address, { encoding: 'base64' }).send()).rejects.toMatchObject({ context: { __code: -32010 } });
    await expect(rpc.getProgramAccounts(owner.toBase58() as Address, { encoding: 'base64', filters: [{ dataSize: BigInt(SPACE) }] }).send())
      .rejects.toMatchObject({ context: { __code: -32012 } });
  });
});
