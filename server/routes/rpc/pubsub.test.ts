import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Connection, Keypair, LAMPORTS_PER_SOL, SystemProgram, Transaction, sendAndConfirmTransaction } from '@solana/web3.js';
import { address } from '@solana/kit';
import bs58 from 'bs58';
import { airdrop, startRpcTestApp, type RpcTestApp } from '../../testing/rpcClients';
import { openPubsub as openSocket } from '../../testing/pubsubClient';

describe('local ledger PubSub websocket', () => {
  let t: RpcTestApp;
  let connection: Connection;

  beforeAll(async () => {
    t = await startRpcTestApp({ LEDGER_SLOT_MS: '100' });
    ({ connection } = t);
  });
  afterAll(async () => { await t?.close(); });

  it('notifies slot, account, logs and signature subscriptions, on /api/rpc and on PORT + 1', async () => {
    const upgrade = await openSocket(t.wsUrl);
    const portPlusOne = await openSocket(t.pubsubUrl);
    const payer = Keypair.generate();
    const to = Keypair.generate();

    const slotSub = (await upgrade.request('slotSubscribe')).result as number;
    const slot = await upgrade.next((m) => m.method === 'slotNotification');
    expect(slot.params?.subscription).toBe(slotSub);
    expect(slot.params?.result).toMatchObject({ parent: slot.params!.result.slot - 1 });
    expect((await upgrade.request('slotUnsubscribe', [slotSub])).result).toBe(true);
    expect((await upgrade.request('slotUnsubscribe', [slotSub])).error).toEqual({ code: -32602, message: 'Invalid subscription id.' });

    const accountSub = (await portPlusOne.request('accountSubscribe', [to.publicKey.toBase58(), { encoding: 'base64', commitment: 'confirmed' }])).result;
    const logsSub = (await upgrade.request('logsSubscribe', [{ mentions: [to.publicKey.toBase58()] }, { commitment: 'confirmed' }])).result;
    await airdrop(connection, payer.publicKey, LAMPORTS_PER_SOL);
    const signature = await sendAndConfirmTransaction(connection,
      new Transaction().add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to.publicKey, lamports: 2_000_000 })), [payer]);

    const account = await portPlusOne.next((m) => m.method === 'accountNotification');
    expect(account.params).toMatchObject({ subscription: accountSub, result: { value: { lamports: 2_000_000, data: ['', 'base64'], owner: SystemProgram.programId.toBase58() } } });
    expect(account.params!.result.context.slot).toBeGreaterThan(0);
    const logs = await upgrade.next((m) => m.method === 'logsNotification');
    expect(logs.params).toMatchObject({ subscription: logsSub, result: { value: { signature, err: null, logs: expect.arrayContaining(['Program 11111111111111111111111111111111 success']) } } });
    // Only the transfer mentions `to`; the airdrop did not.
    expect(upgrade.notifications.filter((m) => m.method === 'logsNotification')).toHaveLength(1);

    // A signature that already landed is notified at once, then the subscription is gone.
    const sigSub = (await upgrade.request('signatureSubscribe', [signature, { commitment: 'confirmed' }])).result;
    const sig = await upgrade.next((m) => m.method === 'signatureNotification');
    expect(sig.params).toMatchObject({ subscription: sigSub, result: { value: { err: null } } });
    expect((await upgrade.request('signatureUnsubscribe', [sigSub])).error?.code).toBe(-32602);

    expect((await upgrade.request('accountSubscribe', ['nope'])).error?.code).toBe(-32602);
    expect((await upgrade.request('nope')).error?.code).toBe(-32601);
    upgrade.close();
    portPlusOne.close();
  });

  it('accountSubscribe and programSubscribe at finalized (a validator\'s default) hear of a write once the root reaches its slot', async () => {
    const socket = await openSocket(t.wsUrl);
    const payer = Keypair.generate();
    const to = Keypair.generate();
    await airdrop(connection, payer.publicKey, LAMPORTS_PER_SOL);
    const finalized = (await socket.request('accountSubscribe', [to.publicKey.toBase58(), { encoding: 'base64' }])).result;
    const confirmed = (await socket.request('accountSubscribe', [to.publicKey.toBase58(), { encoding: 'base64', commitment: 'confirmed' }])).result;
    const program = (await socket.request('programSubscribe', [SystemProgram.programId.toBase58(), { encoding: 'base64', commitment: 'finalized', filters: [{ dataSize: 0 }] }])).result;
    const signature = await sendAndConfirmTransaction(connection,
      new Transaction().add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to.publicKey, lamports: 2_000_000 })), [payer]);
    const { slot } = (await connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 }))!;

    const early = await socket.next((m) => m.method === 'accountNotification');
    expect(early.params).toMatchObject({ subscription: confirmed, result: { value: { lamports: 2_000_000 } } });
    const ofTo = (m: { method?: string; params?: { subscription: unknown; result: { value: { pubkey?: string } } } }) =>
      m.method === 'programNotification' && m.params!.result.value.pubkey === to.publicKey.toBase58();
    // 32 slots of 100 ms later the root reaches the transfer's slot.
    const late = await socket.next((m) => m.method === 'accountNotification' && m.params!.subscription === finalized, 10_000);
    expect(await connection.getSlot('finalized')).toBeGreaterThanOrEqual(slot);
    expect(late.params!.result).toMatchObject({ context: { slot }, value: { lamports: 2_000_000, data: ['', 'base64'] } });
    const owned = await socket.next(ofTo, 5_000);
    expect(owned.params).toMatchObject({ subscription: program, result: { context: { slot }, value: { account: { lamports: 2_000_000 } } } });
    expect(socket.notifications.filter((m) => m.method === 'accountNotification')).toHaveLength(2);
    socket.close();
  });

  it('kit accountNotifications in base58 of an account over 128 bytes carry Agave\'s marker text, where getAccountInfo refuses', async () => {
    const payer = Keypair.generate();
    const big = Keypair.generate();
    await airdrop(connection, payer.publicKey, LAMPORTS_PER_SOL);
    const abort = new AbortController();
    const notifications = await t.rpcSubscriptions.accountNotifications(address(big.publicKey.toBase58()), { commitment: 'confirmed', encoding: 'base58' })
      .subscribe({ abortSignal: abort.signal });
    const first = (async () => { for await (const n of notifications) return n; })();
    await sendAndConfirmTransaction(connection, new Transaction().add(SystemProgram.createAccount({
      fromPubkey: payer.publicKey, newAccountPubkey: big.publicKey, lamports: LAMPORTS_PER_SOL / 10, space: 200, programId: SystemProgram.programId,
    })), [payer, big]);
    const notification = (await first)!;
    abort.abort();
    expect(notification.value).toMatchObject({ data: ['error: data too large for bs58 encoding', 'base58'], space: 200n, lamports: BigInt(LAMPORTS_PER_SOL / 10) });
    const refused = await t.rpc.getAccountInfo(address(big.publicKey.toBase58()), { commitment: 'confirmed', encoding: 'base58' }).send().catch((err: unknown) => err);
    expect(String(refused)).toContain('Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.');
  });

  it('delivers web3.js onAccountChange and onLogs callbacks', async () => {
    const payer = Keypair.generate();
    const to = Keypair.generate();
    const changes: number[] = [];
    const accountSub = connection.onAccountChange(to.publicKey, (info) => changes.push(info.lamports), { commitment: 'confirmed' });
    const logs: string[] = [];
    const logsSub = connection.onLogs(to.publicKey, (l) => logs.push(l.signature), 'confirmed');
    await new Promise((r) => setTimeout(r, 1000)); // let both subscriptions reach the server
    await airdrop(connection, payer.publicKey, LAMPORTS_PER_SOL);
    const tx = new Transaction().add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to.publicKey, lamports: 3_000_000 }));
    const signature = await sendAndConfirmTransaction(connection, tx, [payer]);
    for (let i = 0; i < 50 && (changes.length === 0 || logs.length === 0); i++) await new Promise((r) => setTimeout(r, 50));
    expect(changes).toEqual([3_000_000]);
    expect(logs).toEqual([signature]);
    await connection.removeAccountChangeListener(accountSub);
    await connection.removeOnLogsListener(logsSub);
  });

  it('signatureSubscribe with enableReceivedNotification tells receivedSignature first, then the status', async () => {
    const payer = Keypair.generate();
    await airdrop(connection, payer.publicKey, LAMPORTS_PER_SOL);
    const tx = new Transaction().add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1_000_000 }));
    tx.recentBlockhash = (await connection.getLatestBlockhash('confirmed')).blockhash;
    tx.feePayer = payer.publicKey;
    tx.sign(payer);
    const signature = bs58.encode(tx.signatures[0]!.signature!);
    const socket = await openSocket(t.wsUrl);
    const id = (await socket.request('signatureSubscribe', [signature, { commitment: 'confirmed', enableReceivedNotification: true }])).result;
    await connection.sendRawTransaction(tx.serialize());
    const status = await socket.next((m) => m.params?.subscription === id && typeof m.params?.result.value === 'object');
    const mine = socket.notifications.filter((m) => m.params?.subscription === id).map((m) => m.params!.result.value);
    expect(mine).toEqual(['receivedSignature', { err: null }]);
    expect(status.params!.result.context.slot).toEqual(expect.any(Number));
    socket.socket.close();
  });
});
