import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, Transaction, sendAndConfirmTransaction, type KeyedAccountInfo } from '@solana/web3.js';
import {
  TOKEN_2022_PROGRAM_ID, createAssociatedTokenAccount, createMint, createTransferCheckedInstruction, mintTo, unpackAccount,
} from '@solana/spl-token';
import { address, type Base58EncodedBytes } from '@solana/kit';
import { airdrop, startRpcTestApp, type RpcTestApp } from '../../testing/rpcClients';
import { openPubsub } from '../../testing/pubsubClient';

type Web3Socket = { call: (method: string, params: unknown) => Promise<unknown> };

/** Counts the calls of `method` web3.js makes on its PubSub socket (its retry loop shows here). */
function countCalls(connection: Connection, method: string): () => number {
  const socket = (connection as unknown as { _rpcWebSocket: Web3Socket })._rpcWebSocket;
  const call = socket.call.bind(socket);
  let calls = 0;
  socket.call = (m, params) => {
    if (m === method) calls += 1;
    return call(m, params);
  };
  return () => calls;
}

const until = async (done: () => boolean, ms = 10_000) => {
  for (const end = Date.now() + ms; !done() && Date.now() < end;) await new Promise((r) => setTimeout(r, 25));
};

describe('programSubscribe on the local ledger', () => {
  let t: RpcTestApp;
  let connection: Connection;
  const payer = Keypair.generate();
  const owner = Keypair.generate();
  const recipient = Keypair.generate();
  let mint: PublicKey;
  let from: PublicKey;
  let to: PublicKey;

  /** A Token-2022 transfer of `amount` from `from` to `to`, confirmed. */
  const transfer = (amount: bigint) => sendAndConfirmTransaction(connection, new Transaction().add(
    createTransferCheckedInstruction(from, mint, to, owner.publicKey, amount, 6, [], TOKEN_2022_PROGRAM_ID),
  ), [payer, owner]);

  beforeAll(async () => {
    t = await startRpcTestApp({ RPC_RATE_LIMIT: '1000000' }); // the fan-out test subscribes 1,000 times
    ({ connection } = t);
    await airdrop(connection, payer.publicKey, 2 * LAMPORTS_PER_SOL);
    mint = await createMint(connection, payer, payer.publicKey, null, 6, Keypair.generate(), undefined, TOKEN_2022_PROGRAM_ID);
    from = await createAssociatedTokenAccount(connection, payer, mint, owner.publicKey, undefined, TOKEN_2022_PROGRAM_ID);
    to = await createAssociatedTokenAccount(connection, payer, mint, recipient.publicKey, undefined, TOKEN_2022_PROGRAM_ID);
    await mintTo(connection, payer, mint, from, payer, 1_000_000n, [], undefined, TOKEN_2022_PROGRAM_ID);
  });
  afterAll(async () => { await t?.close(); });

  it('web3.js onProgramAccountChange: a Token-2022 transfer notifies both token accounts of the mint, subscribed once', async () => {
    const subscribes = countCalls(connection, 'programSubscribe');
    const seen: KeyedAccountInfo[] = [];
    const excluded: KeyedAccountInfo[] = [];
    const matching = connection.onProgramAccountChange(TOKEN_2022_PROGRAM_ID, (info) => seen.push(info), {
      commitment: 'confirmed', filters: [{ memcmp: { offset: 0, bytes: mint.toBase58() } }, { dataSize: 170 }],
    });
    // The same mint, but a size no token account of it has: excludes everything.
    const excluding = connection.onProgramAccountChange(TOKEN_2022_PROGRAM_ID, (info) => excluded.push(info), {
      commitment: 'confirmed', filters: [{ memcmp: { offset: 0, bytes: mint.toBase58() } }, { dataSize: 165 }],
    });
    await new Promise((r) => setTimeout(r, 1000)); // both subscriptions reach the server

    await transfer(250_000n);
    await until(() => seen.length >= 2);
    expect(seen.map((s) => s.accountId.toBase58()).sort()).toEqual([from.toBase58(), to.toBase58()].sort());
    const amounts = Object.fromEntries(seen.map((s) => [s.accountId.toBase58(), unpackAccount(s.accountId, s.accountInfo, TOKEN_2022_PROGRAM_ID).amount]));
    expect(amounts).toEqual({ [from.toBase58()]: 750_000n, [to.toBase58()]: 250_000n });
    expect(seen[0].accountInfo.owner.equals(TOKEN_2022_PROGRAM_ID)).toBe(true);
    expect(excluded).toEqual([]);
    // Refused, web3.js 1.x resubscribes in a tight loop (147 calls in 10 s were counted); served, once each.
    expect(subscribes()).toBe(2);

    await connection.removeProgramAccountChangeListener(matching);
    await connection.removeProgramAccountChangeListener(excluding);
  });

  it('kit programNotifications: jsonParsed token accounts of the mint with a memcmp filter, tokenAccountState and Agave refusals', async () => {
    const { rpcSubscriptions } = t;
    const abort = new AbortController();
    const notifications = await rpcSubscriptions.programNotifications(address(TOKEN_2022_PROGRAM_ID.toBase58()), {
      commitment: 'confirmed', encoding: 'jsonParsed',
      filters: [{ memcmp: { offset: 0n, bytes: mint.toBase58() as Base58EncodedBytes, encoding: 'base58' } }],
    }).subscribe({ abortSignal: abort.signal });
    // Polling from now on: kit keeps what arrives only for an iterator that is waiting.
    const collected = (async () => {
      const out = [];
      for await (const n of notifications) if (out.push(n) === 2) break;
      return out;
    })();
    const signature = await transfer(100_000n);
    const received = await collected;
    abort.abort();
    const slot = (await connection.getSignatureStatus(signature)).value!.slot;
    const byAccount = Object.fromEntries(received.map((n) => [n.value.pubkey, n]));
    expect(Object.keys(byAccount).sort()).toEqual([from.toBase58(), to.toBase58()].sort());
    for (const [account, amount, holder] of [[from, '650000', owner], [to, '350000', recipient]] as const) {
      const n = byAccount[account.toBase58()];
      expect(typeof n.context.slot).toBe('bigint');
      expect(n.context.slot).toBe(BigInt(slot)); // the slot of the transaction that wrote it
      expect(n.value.account).toMatchObject({
        executable: false, owner: TOKEN_2022_PROGRAM_ID.toBase58(), space: 170n,
        data: {
          program: 'spl-token-2022', space: 170n,
          parsed: {
            type: 'account',
            info: {
              mint: mint.toBase58(), owner: holder.publicKey.toBase58(), state: 'initialized', isNative: false,
              tokenAmount: { amount, decimals: 6n, uiAmount: Number(amount) / 1e6, uiAmountString: String(Number(amount) / 1e6) },
              extensions: [{ extension: 'immutableOwner' }],
            },
          },
        },
      });
      expect(typeof n.value.account.lamports).toBe('bigint');
    }
  });

  it('filters as Agave takes them: tokenAccountState and raw bytes pass, an other mint excludes, bad filters are -32602', async () => {
    const socket = await openPubsub(t.pubsubUrl);
    const program = TOKEN_2022_PROGRAM_ID.toBase58();
    const state = (await socket.request('programSubscribe', [program, { encoding: 'base64', commitment: 'confirmed', filters: ['tokenAccountState', { memcmp: { offset: 0, bytes: [...mint.toBytes()] } }] }])).result;
    const otherMint = (await socket.request('programSubscribe', [program, { encoding: 'base64', commitment: 'confirmed', filters: [{ memcmp: { offset: 0, bytes: Keypair.generate().publicKey.toBase58() } }] }])).result;
    expect(typeof state).toBe('number');
    expect(typeof otherMint).toBe('number');
    await transfer(1n);
    const n = await socket.next((m) => m.method === 'programNotification');
    await socket.next((m) => m.method === 'programNotification' && m.params!.result.value.pubkey !== n.params!.result.value.pubkey);
    expect(socket.notifications.filter((m) => m.method === 'programNotification').map((m) => m.params!.subscription)).toEqual([state, state]);

    const refused = async (config: unknown) => (await socket.request('programSubscribe', [program, config])).error;
    expect(await refused({ filters: [{ dataSize: 1 }, { dataSize: 2 }, { dataSize: 3 }, { dataSize: 4 }, { dataSize: 5 }] }))
      .toEqual({ code: -32602, message: 'Too many filters provided; max 4' });
    expect(await refused({ filters: [{ memcmp: { offset: 0, bytes: 'x'.repeat(176) } }] })).toEqual({ code: -32602, message: 'Invalid param: DataTooLarge' });
    expect((await refused({ filters: [{ memcmp: { offset: 0, bytes: '0OIl' } }] }))?.code).toBe(-32602);
    // base64+zstd is an encoding like the others (server/routes/rpc/zstdAccounts.test.ts decodes it).
    expect(typeof (await socket.request('programSubscribe', [program, { encoding: 'base64+zstd' }])).result).toBe('number');
    expect((await socket.request('programSubscribe', ['not-a-key'])).error).toEqual({ code: -32602, message: 'Invalid Request: Invalid pubkey provided' });
    expect((await socket.request('programUnsubscribe', [state])).result).toBe(true);
    expect((await socket.request('programUnsubscribe', [state])).error).toEqual({ code: -32602, message: 'Invalid subscription id.' });
    for (const method of ['blockSubscribe', 'voteSubscribe', 'blockUnsubscribe', 'voteUnsubscribe']) {
      expect((await socket.request(method, method === 'blockSubscribe' ? ['all'] : [])).error).toEqual({ code: -32601, message: 'Method not found' });
    }
    socket.close();
  });

  it('a commit reaches 1,000 jsonParsed subscribers of the program, one identical result per token account, queued in milliseconds (4.9 ms measured)', async () => {
    const socket = await openPubsub(t.wsUrl);
    const config = { encoding: 'jsonParsed', commitment: 'confirmed', filters: [{ memcmp: { offset: 0, bytes: mint.toBase58() } }] };
    const ids = await Promise.all(Array.from({ length: 1000 }, () => socket.request('programSubscribe', [TOKEN_2022_PROGRAM_ID.toBase58(), config])));
    expect(ids.every((m) => typeof m.result === 'number')).toBe(true);
    const ledger = t.services.chain.ledger!;
    const fanOutMs: number[] = [];
    let started = 0;
    // Around the PubSub's own 'committed' listener: the time it takes to queue the commit's notifications.
    const before = () => { started = performance.now(); };
    const after = () => { fanOutMs.push(performance.now() - started); };
    ledger.prependListener('committed', before);
    ledger.on('committed', after);
    try {
      await transfer(10n);
      const deadline = Date.now() + 30_000;
      while (socket.notifications.length < 2000 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    } finally {
      ledger.off('committed', before);
      ledger.off('committed', after);
    }
    expect(socket.notifications).toHaveLength(2000);
    const byAccount = new Map<string, Set<string>>();
    for (const n of socket.notifications) {
      const texts = byAccount.get(n.params!.result.value.pubkey) ?? new Set();
      texts.add(JSON.stringify(n.params!.result));
      byAccount.set(n.params!.result.value.pubkey, texts);
    }
    // Both token accounts, each the same result for all 1,000 subscriptions.
    expect([...byAccount.keys()].sort()).toEqual([from.toBase58(), to.toBase58()].sort());
    expect([...byAccount.values()].map((texts) => texts.size)).toEqual([1, 1]);
    expect(new Set(socket.notifications.map((n) => n.params!.subscription)).size).toBe(1000);
    expect(Math.max(...fanOutMs)).toBeLessThan(100);
    socket.close();
  });
});
