import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AddressLookupTableProgram, Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, TransactionMessage, VersionedTransaction,
} from '@solana/web3.js';
import {
  AccountRole, address, appendTransactionMessageInstructions, compressTransactionMessageUsingAddressLookupTables,
  createTransactionMessage, fetchAddressesForLookupTables, getSignatureFromTransaction, lamports, pipe,
  sendAndConfirmTransactionFactory, setTransactionMessageFeePayerSigner, setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners, createKeyPairSignerFromBytes, type Address, type Instruction,
  assertIsTransactionWithBlockhashLifetime,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { airdrop, startRpcTestApp, type RpcTestApp } from '../../testing/rpcClients';

describe('address lookup tables on the local ledger', () => {
  let t: RpcTestApp;
  let connection: Connection;
  let rpc: RpcTestApp['rpc'];
  let rpcSubscriptions: RpcTestApp['rpcSubscriptions'];
  const payer = Keypair.generate();
  const recipients = Array.from({ length: 4 }, () => Keypair.generate().publicKey);
  let table: PublicKey;

  beforeAll(async () => {
    t = await startRpcTestApp();
    ({ connection, rpc, rpcSubscriptions } = t);
    await airdrop(connection, payer.publicKey, 10 * LAMPORTS_PER_SOL);
  });
  afterAll(async () => { await t?.close(); });

  const sendLegacyInstructions = async (instructions: ReturnType<typeof SystemProgram.transfer>[]) => {
    const { blockhash } = await connection.getLatestBlockhash();
    const tx = new VersionedTransaction(new TransactionMessage({ payerKey: payer.publicKey, recentBlockhash: blockhash, instructions }).compileToV0Message());
    tx.sign([payer]);
    const signature = await connection.sendTransaction(tx);
    const status = await connection.confirmTransaction(signature);
    expect(status.value.err).toBeNull();
    return signature;
  };

  it('web3.js: creates a table from a slot getSlot gave (some slots ago), extends it, and a v0 transfer uses it', async () => {
    // A recent slot from a moment ago, as a client that fetched it earlier would use.
    const recentSlot = await connection.getSlot('finalized');
    await new Promise((r) => setTimeout(r, 1200));
    const [create, tableAddress] = AddressLookupTableProgram.createLookupTable({ authority: payer.publicKey, payer: payer.publicKey, recentSlot });
    table = tableAddress;
    await sendLegacyInstructions([create]);
    await sendLegacyInstructions([AddressLookupTableProgram.extendLookupTable({ lookupTable: table, authority: payer.publicKey, payer: payer.publicKey, addresses: recipients })]);

    // A table's new addresses are usable from the next slot on.
    const extendedAt = await connection.getSlot();
    while (await connection.getSlot() === extendedAt) await new Promise((r) => setTimeout(r, 50));
    const lookup = (await connection.getAddressLookupTable(table)).value!;
    expect(lookup.state.addresses.map((a) => a.toBase58())).toEqual(recipients.map((a) => a.toBase58()));
    expect(lookup.state.authority?.toBase58()).toBe(payer.publicKey.toBase58());

    const { blockhash } = await connection.getLatestBlockhash();
    const message = new TransactionMessage({
      payerKey: payer.publicKey, recentBlockhash: blockhash,
      instructions: recipients.map((to) => SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to, lamports: LAMPORTS_PER_SOL / 100 })),
    }).compileToV0Message([lookup]);
    expect(message.addressTableLookups).toHaveLength(1);
    expect(message.staticAccountKeys).toHaveLength(2); // the payer and the System program; the recipients come from the table
    const tx = new VersionedTransaction(message);
    tx.sign([payer]);
    const signature = await connection.sendTransaction(tx);
    expect((await connection.confirmTransaction(signature)).value.err).toBeNull();
    for (const to of recipients) expect(await connection.getBalance(to)).toBe(LAMPORTS_PER_SOL / 100);
    const landed = await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 });
    expect(landed?.version).toBe(0);
    expect(landed?.meta?.loadedAddresses?.writable.map((a) => a.toBase58())).toEqual(recipients.map((a) => a.toBase58()));
  });

  it('kit: fetchAddressesForLookupTables reads the table and a compressed v0 message sends through it', async () => {
    const signer = await createKeyPairSignerFromBytes(payer.secretKey);
    const tableAddress = address(table.toBase58());
    const byTable = await fetchAddressesForLookupTables([tableAddress], rpc);
    expect(byTable[tableAddress]).toEqual(recipients.map((r) => r.toBase58()));

    const { value: latest } = await rpc.getLatestBlockhash().send();
    const transfers: Instruction[] = recipients.map((to) => getTransferSolInstruction({ source: signer, destination: address(to.toBase58()), amount: lamports(1_000_000n) }));
    const message = compressTransactionMessageUsingAddressLookupTables(pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(signer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
      (m) => appendTransactionMessageInstructions(transfers, m),
    ), byTable);
    // Compression swapped each recipient for a lookup entry.
    expect(message.instructions[0].accounts?.[1]).toMatchObject({ lookupTableAddress: tableAddress, role: AccountRole.WRITABLE });
    const signed = await signTransactionMessageWithSigners(message);
    assertIsTransactionWithBlockhashLifetime(signed);
    await sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions })(signed, { commitment: 'confirmed' });
    const landed = await rpc.getTransaction(getSignatureFromTransaction(signed), { maxSupportedTransactionVersion: 0, encoding: 'json' }).send();
    expect(landed?.meta?.err).toBeNull();
    // kit orders a message's accounts its own way: the same four, loaded from the table.
    expect([...landed!.meta!.loadedAddresses.writable].sort()).toEqual(recipients.map((r) => r.toBase58() as Address).sort());
    expect((await rpc.getBalance(address(recipients[0].toBase58())).send()).value).toBe(lamports(11_000_000n));
  });
});
