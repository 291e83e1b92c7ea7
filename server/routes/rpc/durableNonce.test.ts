import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Connection, Keypair, LAMPORTS_PER_SOL, NONCE_ACCOUNT_LENGTH, NonceAccount, PublicKey, SystemProgram, Transaction,
} from '@solana/web3.js';
import {
  appendTransactionMessageInstructions, createTransactionMessage, generateKeyPairSigner, getSignatureFromTransaction, lamports,
  pipe, sendAndConfirmDurableNonceTransactionFactory, sendAndConfirmTransactionFactory, setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash, setTransactionMessageLifetimeUsingDurableNonce, signTransactionMessageWithSigners,
  type Address, type Nonce, assertIsTransactionWithBlockhashLifetime, assertIsTransactionWithDurableNonceLifetime,
} from '@solana/kit';
import {
  fetchNonce, getCreateAccountInstruction, getInitializeNonceAccountInstruction, getTransferSolInstruction,
} from '@solana-program/system';
import { airdrop, startRpcTestApp, type RpcTestApp } from '../../testing/rpcClients';

/** The wait for the ledger's next slot (a nonce advances once per slot). */
const nextSlot = async (connection: Connection) => {
  const now = await connection.getSlot();
  while (await connection.getSlot() === now) await new Promise((r) => setTimeout(r, 50));
};

describe('durable nonces on the local ledger', () => {
  let t: RpcTestApp;
  let connection: Connection;
  let rpc: RpcTestApp['rpc'];
  let rpcSubscriptions: RpcTestApp['rpcSubscriptions'];
  const payer = Keypair.generate();

  beforeAll(async () => {
    t = await startRpcTestApp();
    ({ connection, rpc, rpcSubscriptions } = t);
    await airdrop(connection, payer.publicKey, 5 * LAMPORTS_PER_SOL);
  });
  afterAll(async () => { await t?.close(); });

  it('web3.js: a transfer signed against a nonce account lands, advances the nonce, and cannot run twice', async () => {
    const nonceAccount = Keypair.generate();
    const rent = await connection.getMinimumBalanceForRentExemption(NONCE_ACCOUNT_LENGTH);
    const create = new Transaction().add(
      SystemProgram.createNonceAccount({ fromPubkey: payer.publicKey, noncePubkey: nonceAccount.publicKey, authorizedPubkey: payer.publicKey, lamports: rent }),
    );
    await connection.sendTransaction(create, [payer, nonceAccount]).then((s) => connection.confirmTransaction(s));
    const info = await connection.getAccountInfo(nonceAccount.publicKey);
    const nonce = NonceAccount.fromAccountData(info!.data);
    expect(nonce.authorizedPubkey.equals(payer.publicKey)).toBe(true);
    // The nonce is no recent blockhash: on its own it would be refused.
    expect((await connection.isBlockhashValid(nonce.nonce)).value).toBe(false);

    await nextSlot(connection);
    const recipient = Keypair.generate();
    const tx = new Transaction({ feePayer: payer.publicKey, nonceInfo: {
      nonce: nonce.nonce, nonceInstruction: SystemProgram.nonceAdvance({ noncePubkey: nonceAccount.publicKey, authorizedPubkey: payer.publicKey }),
    } }).add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipient.publicKey, lamports: LAMPORTS_PER_SOL / 10 }));
    tx.sign(payer);
    const raw = tx.serialize();
    const signature = await connection.sendRawTransaction(raw);
    const status = await connection.confirmTransaction({ signature, nonceAccountPubkey: nonceAccount.publicKey, nonceValue: nonce.nonce, minContextSlot: 0 });
    expect(status.value.err).toBeNull();
    expect(await connection.getBalance(recipient.publicKey)).toBe(LAMPORTS_PER_SOL / 10);

    const advanced = NonceAccount.fromAccountData((await connection.getAccountInfo(nonceAccount.publicKey))!.data);
    expect(advanced.nonce).not.toBe(nonce.nonce);
    // A second copy of the same transaction (its nonce is spent) is refused at preflight.
    await expect(connection.sendRawTransaction(raw)).rejects.toThrow(/already been processed/);
    const replay = new Transaction({ feePayer: payer.publicKey, nonceInfo: {
      nonce: nonce.nonce, nonceInstruction: SystemProgram.nonceAdvance({ noncePubkey: nonceAccount.publicKey, authorizedPubkey: payer.publicKey }),
    } }).add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipient.publicKey, lamports: 1_000_000 }));
    replay.sign(payer);
    await expect(connection.sendRawTransaction(replay.serialize())).rejects.toThrow(/Blockhash not found/);
  });

  it('a failing nonce transaction charges its fee and still advances the nonce (skipPreflight)', async () => {
    const nonceAccount = Keypair.generate();
    const rent = await connection.getMinimumBalanceForRentExemption(NONCE_ACCOUNT_LENGTH);
    await connection.sendTransaction(new Transaction().add(
      SystemProgram.createNonceAccount({ fromPubkey: payer.publicKey, noncePubkey: nonceAccount.publicKey, authorizedPubkey: payer.publicKey, lamports: rent }),
    ), [payer, nonceAccount]).then((s) => connection.confirmTransaction(s));
    const before = NonceAccount.fromAccountData((await connection.getAccountInfo(nonceAccount.publicKey))!.data).nonce;
    await nextSlot(connection);
    const tx = new Transaction({ feePayer: payer.publicKey, nonceInfo: {
      nonce: before, nonceInstruction: SystemProgram.nonceAdvance({ noncePubkey: nonceAccount.publicKey, authorizedPubkey: payer.publicKey }),
    } }).add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1000 * LAMPORTS_PER_SOL }));
    tx.sign(payer);
    const balance = await connection.getBalance(payer.publicKey);
    const signature = await connection.sendRawTransaction(tx.serialize(), { skipPreflight: true });
    const status = await connection.confirmTransaction({ signature, nonceAccountPubkey: nonceAccount.publicKey, nonceValue: before, minContextSlot: 0 });
    expect(status.value.err).not.toBeNull();
    expect(await connection.getBalance(payer.publicKey)).toBe(balance - 5000);
    const after = NonceAccount.fromAccountData((await connection.getAccountInfo(nonceAccount.publicKey))!.data).nonce;
    expect(after).not.toBe(before);
  });

  it('kit: sendAndConfirmDurableNonceTransactionFactory confirms a nonce transaction', async () => {
    const authority = await generateKeyPairSigner();
    const nonceSigner = await generateKeyPairSigner();
    await airdrop(connection, new PublicKey(authority.address), 2 * LAMPORTS_PER_SOL);
    const space = BigInt(NONCE_ACCOUNT_LENGTH);
    const rent = await rpc.getMinimumBalanceForRentExemption(space).send();
    const { value: latest } = await rpc.getLatestBlockhash().send();
    const createMessage = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(authority, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
      (m) => appendTransactionMessageInstructions([
        getCreateAccountInstruction({ payer: authority, newAccount: nonceSigner, lamports: rent, space, programAddress: '11111111111111111111111111111111' as Address }),
        getInitializeNonceAccountInstruction({ nonceAccount: nonceSigner.address, nonceAuthority: authority.address }),
      ], m),
    );
    const created = await signTransactionMessageWithSigners(createMessage);
    assertIsTransactionWithBlockhashLifetime(created);
    await sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions })(created, { commitment: 'confirmed' });
    const stored = await fetchNonce(rpc, nonceSigner.address);
    expect(stored.data.authority).toBe(authority.address);

    await nextSlot(connection);
    const recipient = await generateKeyPairSigner();
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(authority, m),
      (m) => setTransactionMessageLifetimeUsingDurableNonce({
        nonce: stored.data.blockhash as unknown as Nonce, nonceAccountAddress: nonceSigner.address, nonceAuthorityAddress: authority.address,
      }, m),
      (m) => appendTransactionMessageInstructions([getTransferSolInstruction({ source: authority, destination: recipient.address, amount: lamports(50_000_000n) })], m),
    );
    const signed = await signTransactionMessageWithSigners(message);
    assertIsTransactionWithDurableNonceLifetime(signed);
    await sendAndConfirmDurableNonceTransactionFactory({ rpc, rpcSubscriptions })(signed, { commitment: 'confirmed' });
    const { value: balance } = await rpc.getBalance(recipient.address).send();
    expect(balance).toBe(50_000_000n);
    const landed = await rpc.getTransaction(getSignatureFromTransaction(signed), { maxSupportedTransactionVersion: 0, encoding: 'json' }).send();
    expect(landed?.meta?.err).toBeNull();
    expect((await fetchNonce(rpc, nonceSigner.address)).data.blockhash).not.toBe(stored.data.blockhash);
  });
});
