import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Connection, Keypair, LAMPORTS_PER_SOL, SystemProgram, Transaction, sendAndConfirmTransaction,
  type Commitment, type Logs, type ParsedTransactionWithMeta, type PublicKey,
} from '@solana/web3.js';
import { closeConnection } from '../../chain/clusterConnection';
import { rootSlot } from '../../chain/rpc/commitment';
import { airdrop, startRpcTestApp, type RpcTestApp } from '../../testing/rpcClients';
import { openPubsub } from '../../testing/pubsubClient';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const until = async (done: () => boolean, ms = 15_000) => {
  for (const end = Date.now() + ms; !done() && Date.now() < end;) await sleep(20);
};

/** web3.js's own hook for a subscription's state (what its confirmTransaction waits on), marked internal there. */
type SubscriptionStates = { _onSubscriptionStateChange: (id: number, callback: (state: string) => void) => () => void };

/** Resolves once the server has answered web3.js's subscribe (so what is sent after it is seen). */
function subscribed(connection: Connection, id: number): Promise<void> {
  return new Promise((resolve) => {
    const off = (connection as unknown as SubscriptionStates)._onSubscriptionStateChange(id, (state) => {
      if (state === 'subscribed') { off(); resolve(); }
    });
  });
}

type Heard = { signature: string; slot: number; rootWhenHeard: bigint; tx: ParsedTransactionWithMeta | null };

describe('logsSubscribe at its commitment (web3.js onLogs, then getParsedTransaction in the callback)', () => {
  let t: RpcTestApp;
  // A client at web3.js's defaults: no commitment, so 'finalized' for subscriptions and reads alike.
  let reader: Connection;

  beforeAll(async () => {
    // 50 ms slots: the root, 32 slots behind the tip, reaches a transaction 1.6 s after it lands.
    t = await startRpcTestApp({ LEDGER_SLOT_MS: '50' }, { freshBlockhashes: true });
    t.services.chain.ledger!.warp(1_000n);
    reader = new Connection(t.rpcUrl);
  });
  afterAll(async () => {
    if (reader) closeConnection(reader);
    await t?.close();
  });

  /** onLogs of `address` at `commitment` (the connection's default when undefined), each notification's transaction read at the same commitment from its callback. */
  async function listen(address: PublicKey | 'all', commitment?: Commitment) {
    const heard: Heard[] = [];
    const ledger = t.services.chain.ledger!;
    const id = reader.onLogs(address, (logs: Logs, ctx) => {
      const rootWhenHeard = rootSlot(ledger);
      void reader.getParsedTransaction(logs.signature, { commitment: commitment === 'confirmed' ? 'confirmed' : 'finalized', maxSupportedTransactionVersion: 0 })
        .then((tx) => heard.push({ signature: logs.signature, slot: ctx.slot, rootWhenHeard, tx }));
    }, commitment);
    await subscribed(reader, id);
    return { heard, stop: () => reader.removeOnLogsListener(id) };
  }

  async function transfers(payer: Keypair, to: PublicKey, count: number): Promise<{ signature: string; slot: number }[]> {
    const sent = [];
    for (let i = 0; i < count; i++) {
      const signature = await sendAndConfirmTransaction(t.connection, new Transaction().add(
        SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to, lamports: 1_000_000 + i }),
      ), [payer]);
      sent.push({ signature, slot: (await t.connection.getSignatureStatus(signature)).value!.slot });
    }
    return sent;
  }

  it('at the default (finalized) and at confirmed finds every notified transaction, in the slot the notification names', async () => {
    const payer = Keypair.generate();
    const to = Keypair.generate().publicKey;
    await airdrop(t.connection, payer.publicKey, LAMPORTS_PER_SOL);
    const finalized = await listen(to);
    const confirmed = await listen(to, 'confirmed');
    const sent = await transfers(payer, to, 4);
    await until(() => finalized.heard.length >= sent.length && confirmed.heard.length >= sent.length);

    for (const { heard } of [finalized, confirmed]) {
      expect(heard.map((h) => h.signature).sort()).toEqual(sent.map((s) => s.signature).sort());
      for (const h of heard) {
        const { slot } = sent.find((s) => s.signature === h.signature)!;
        expect(h.slot, 'context.slot is the transaction\'s slot').toBe(slot);
        expect(h.tx, `getParsedTransaction(${h.signature})`).not.toBeNull();
        expect(h.tx!.slot).toBe(slot);
        expect(h.tx!.transaction.signatures[0]).toBe(h.signature);
      }
    }
    // The finalized notifications came once the root had reached each slot; the confirmed ones before.
    for (const h of finalized.heard) expect(h.rootWhenHeard).toBeGreaterThanOrEqual(BigInt(h.slot));
    for (const h of confirmed.heard) expect(h.rootWhenHeard).toBeLessThan(BigInt(h.slot));
    await finalized.stop();
    await confirmed.stop();
  });

  it('notifies a processed subscription before the slot is rooted and a finalized one (mentions or all) only once it is; an unsubscribe while waiting drops it', async () => {
    const payer = Keypair.generate();
    const to = Keypair.generate().publicKey;
    await airdrop(t.connection, payer.publicKey, LAMPORTS_PER_SOL);
    const ledger = t.services.chain.ledger!;
    const processed = await listen(to, 'processed');
    const finalized = await listen(to, 'finalized');
    const all = await listen('all');
    const socket = await openPubsub(t.wsUrl);
    const dropped = (await socket.request('logsSubscribe', [{ mentions: [to.toBase58()] }])).result as number;

    const [{ signature, slot }] = await transfers(payer, to, 1);
    await until(() => processed.heard.length > 0);
    expect(processed.heard).toMatchObject([{ signature, slot }]);
    expect(processed.heard[0].rootWhenHeard).toBeLessThan(BigInt(slot));
    // Not rooted yet: neither a finalized read nor a finalized subscription knows of it.
    expect(processed.heard[0].tx).toBeNull();
    expect(rootSlot(ledger)).toBeLessThan(BigInt(slot));
    expect(finalized.heard).toEqual([]);
    expect(all.heard.filter((h) => h.signature === signature)).toEqual([]);
    expect((await socket.request('logsUnsubscribe', [dropped])).result).toBe(true);

    await until(() => finalized.heard.length > 0 && all.heard.some((h) => h.signature === signature));
    for (const heard of [finalized.heard, all.heard.filter((h) => h.signature === signature)]) {
      expect(heard).toHaveLength(1);
      expect(heard[0]).toMatchObject({ signature, slot });
      expect(heard[0].rootWhenHeard).toBeGreaterThanOrEqual(BigInt(slot));
      expect(heard[0].tx?.slot).toBe(slot);
    }
    // Later than the root by a few slots: the unsubscribed one was never sent.
    await sleep(500);
    expect(socket.notifications.filter((m) => m.method === 'logsNotification')).toEqual([]);
    socket.close();
    await Promise.all([processed.stop(), finalized.stop(), all.stop()]);
  });
});
