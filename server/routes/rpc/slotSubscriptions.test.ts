import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Connection, Keypair, LAMPORTS_PER_SOL, SystemProgram, Transaction, sendAndConfirmTransaction, type SlotInfo, type SlotUpdate,
} from '@solana/web3.js';
import { createSolanaRpcSubscriptions_UNSTABLE, devnet } from '@solana/kit';
import { airdrop, startRpcTestApp, type RpcTestApp } from '../../testing/rpcClients';
import { openPubsub } from '../../testing/pubsubClient';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const until = async (done: () => boolean, ms = 10_000) => {
  for (const end = Date.now() + ms; !done() && Date.now() < end;) await sleep(25);
};

/** The first `count` items of a kit subscription (polled from the start: kit keeps only what a waiting iterator takes). */
async function take<T>(items: AsyncIterable<T>, count: number, abort: AbortController): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) if (out.push(item) === count) break;
  abort.abort();
  return out;
}

describe('rootSubscribe and slotsUpdatesSubscribe on the local ledger', () => {
  let t: RpcTestApp;
  let connection: Connection;

  beforeAll(async () => {
    // Four subscriptions a connection: web3.js's three below and one confirmation at a time.
    t = await startRpcTestApp({ LEDGER_SLOT_MS: '100', PUBSUB_MAX_SUBSCRIPTIONS_PER_CONNECTION: '4' });
    ({ connection } = t);
    // Past the first ROOT_DEPTH slots, which have no root yet.
    t.services.chain.ledger!.warp(1_000n);
  });
  afterAll(async () => { await t?.close(); });

  it('web3.js onRootChange, onSlotChange and onSlotUpdate: every slot ends completed, frozen with its transaction counts, confirmed and rooted, then the next bank is created', async () => {
    const roots: number[] = [];
    const slots: SlotInfo[] = [];
    const updates: SlotUpdate[] = [];
    const rootSub = connection.onRootChange((root) => roots.push(root));
    const slotSub = connection.onSlotChange((info) => slots.push(info));
    const updateSub = connection.onSlotUpdate((update) => updates.push(update));
    await sleep(500);

    const payer = Keypair.generate();
    await airdrop(connection, payer.publicKey, LAMPORTS_PER_SOL);
    // Lands and fails (more than the payer holds, preflight skipped): a frozen slot counts it as failed.
    const failed = await connection.sendTransaction(new Transaction().add(
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 2 * LAMPORTS_PER_SOL }),
    ), [payer], { skipPreflight: true });
    await connection.confirmTransaction(failed);
    const ok = await sendAndConfirmTransaction(connection, new Transaction().add(
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1_000_000 }),
    ), [payer]);
    const failedSlot = (await connection.getSignatureStatus(failed)).value!.slot;
    const okSlot = (await connection.getSignatureStatus(ok)).value!.slot;
    expect((await connection.getSignatureStatus(failed)).value!.err).not.toBeNull();
    const last = Math.max(failedSlot, okSlot);
    await until(() => updates.some((u) => u.type === 'createdBank' && u.parent === last + 2));

    // Roots follow one another, ROOT_DEPTH (32) slots behind the clock, where statuses turn finalized.
    expect(roots.length).toBeGreaterThan(3);
    roots.forEach((root, i) => { if (i > 0) expect(root).toBe(roots[i - 1] + 1); });
    for (const info of slots) expect(info).toEqual({ slot: info.slot, parent: info.slot - 1, root: info.slot - 32 });

    const started = Date.now() - 60_000;
    for (const update of updates) {
      expect(Number.isInteger(update.slot)).toBe(true);
      expect(update.timestamp).toBeGreaterThan(started);
      expect(update.timestamp).toBeLessThanOrEqual(Date.now());
    }
    expect(new Set(updates.map((u) => u.type))).toEqual(new Set(['completed', 'frozen', 'optimisticConfirmation', 'root', 'createdBank']));
    // A slot's story, in order: completed, frozen, optimisticConfirmation, the root moving to 32 behind
    // the next slot, and the next slot's bank created on it.
    const story = (slot: number) => updates.filter((u) => (u.slot === slot && u.type !== 'root')
      || (u.type === 'root' && u.slot === slot + 1 - 32) || (u.type === 'createdBank' && u.parent === slot));
    const ended = [...new Set(updates.filter((u) => u.type === 'frozen').map((u) => u.slot))];
    expect(ended.length).toBeGreaterThan(3);
    for (const slot of ended.slice(1, -1)) {
      expect(story(slot).map((u) => u.type)).toEqual(['createdBank', 'completed', 'frozen', 'optimisticConfirmation', 'root', 'createdBank']);
      expect(story(slot).at(-1)).toMatchObject({ type: 'createdBank', slot: slot + 1, parent: slot });
    }
    const frozen = (slot: number) => updates.find((u): u is Extract<SlotUpdate, { type: 'frozen' }> => u.type === 'frozen' && u.slot === slot)!;
    expect(frozen(failedSlot).stats.numFailedTransactions).toBeGreaterThanOrEqual(1);
    expect(frozen(okSlot).stats.numSuccessfulTransactions).toBeGreaterThanOrEqual(1);
    for (const slot of [failedSlot, okSlot]) {
      const { stats } = frozen(slot);
      expect(stats.numTransactionEntries).toBe(stats.numSuccessfulTransactions + stats.numFailedTransactions);
      expect(stats.maxTransactionsPerEntry).toBe(1);
    }
    const quiet = ended.find((r) => r !== failedSlot && r !== okSlot && r > last);
    if (quiet !== undefined) {
      expect(frozen(quiet).stats).toEqual({ numTransactionEntries: 0, numSuccessfulTransactions: 0, numFailedTransactions: 0, maxTransactionsPerEntry: 0 });
    }

    await connection.removeRootChangeListener(rootSub);
    await connection.removeSlotChangeListener(slotSub);
    await connection.removeSlotUpdateListener(updateSub);
  });

  it('kit rootNotifications and slotsUpdatesNotifications (unstable API) carry Agave\'s fields', async () => {
    const rootAbort = new AbortController();
    const updatesAbort = new AbortController();
    const rootStream = await t.rpcSubscriptions.rootNotifications().subscribe({ abortSignal: rootAbort.signal });
    const updateStream = await createSolanaRpcSubscriptions_UNSTABLE(devnet(t.wsUrl)).slotsUpdatesNotifications().subscribe({ abortSignal: updatesAbort.signal });
    const [roots, updates] = await Promise.all([take(rootStream, 3, rootAbort), take(updateStream, 10, updatesAbort)]);

    expect(roots.every((r) => typeof r === 'bigint')).toBe(true);
    expect(roots[1]).toBe(roots[0] + 1n);
    expect(roots[2]).toBe(roots[1] + 1n);
    // kit's type of an update intersects each variant with the plain one, leaving createdBank and frozen as `never`: read them as Agave sends them.
    for (const update of updates as unknown as { type: string; slot: bigint; timestamp: bigint; parent?: bigint; stats?: Record<string, unknown> }[]) {
      expect(typeof update.slot).toBe('bigint');
      expect(typeof update.timestamp).toBe('bigint');
      if (update.type === 'createdBank') expect(update.parent).toBe(update.slot - 1n);
      if (update.type === 'frozen') {
        expect(Object.keys(update.stats!).sort()).toEqual(['maxTransactionsPerEntry', 'numFailedTransactions', 'numSuccessfulTransactions', 'numTransactionEntries']);
        expect(Object.values(update.stats!).every((v) => typeof v === 'bigint')).toBe(true);
      }
    }
    const types = updates.map((u) => u.type as string);
    expect(types).toEqual(expect.arrayContaining(['completed', 'frozen', 'optimisticConfirmation', 'root', 'createdBank']));
    expect(types).not.toContain('firstShredReceived');
  });

  it('the per-connection subscription limit counts program, root and slotsUpdates subscriptions too', async () => {
    const socket = await openPubsub(t.pubsubUrl);
    const program = SystemProgram.programId.toBase58();
    const ids = [
      (await socket.request('programSubscribe', [program, { encoding: 'base64', filters: [{ dataSize: 0 }] }])).result,
      (await socket.request('rootSubscribe')).result,
      (await socket.request('slotsUpdatesSubscribe')).result,
      (await socket.request('programSubscribe', [program])).result,
    ];
    expect(ids.every((id) => typeof id === 'number')).toBe(true);
    for (const method of ['rootSubscribe', 'slotsUpdatesSubscribe', 'programSubscribe']) {
      expect((await socket.request(method, method === 'programSubscribe' ? [program] : [])).error)
        .toEqual({ code: -32603, message: 'Too many subscriptions on this connection (limit 4)' });
    }
    // As Agave: an unsubscribe ends the connection's subscription of that id, whatever its kind; then the id is unknown.
    expect((await socket.request('slotsUpdatesUnsubscribe', [ids[1]])).result).toBe(true);
    expect((await socket.request('rootUnsubscribe', [ids[1]])).error).toEqual({ code: -32602, message: 'Invalid subscription id.' });
    expect(typeof (await socket.request('rootSubscribe')).result).toBe('number');
    socket.close();
  });
});
