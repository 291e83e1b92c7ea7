import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import bs58 from 'bs58';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { Keypair, SystemProgram, Transaction } from '@solana/web3.js';
import { createTestDatabase } from '../../testing/db';
import type { Database } from '../../db/client';
import { LocalLedger } from './ledger';
import { LedgerStore } from './store';
import { AddressHistoryCache, historyEntryJson } from './historyCache';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

describe('getSignaturesForAddress from the in-memory window', () => {
  let database: Database;
  let cleanup: () => Promise<void>;
  let ledger: LocalLedger;
  let cachedStore: LedgerStore;
  /** A second store on the same database that has cached nothing: the database's answer. */
  let fresh: () => LedgerStore;
  const alice = Keypair.generate();
  const bob = Keypair.generate().publicKey;
  const signatures: string[] = [];

  const transfer = async (lamports: number) => {
    const tx = new Transaction({ feePayer: alice.publicKey, recentBlockhash: ledger.latestBlockhash.blockhash })
      .add(SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: bob, lamports }));
    tx.sign(alice);
    const outcome = await ledger.send(tx.serialize(), { preflight: true });
    expect(outcome.kind).toBe('landed');
    signatures.unshift(bs58.encode(tx.signatures[0]!.signature!));
  };

  beforeAll(async () => {
    ({ database, cleanup } = await createTestDatabase());
    cachedStore = new LedgerStore(database.db, { historyWindow: 8 });
    fresh = () => new LedgerStore(database.db, { historyWindow: 8 });
    ledger = await LocalLedger.open({ store: cachedStore, log, slotMs: 400 });
    expect((await ledger.airdrop(alice.publicKey.toBase58(), 10_000_000_000n)).kind).toBe('landed');
    for (let i = 0; i < 5; i++) await transfer(1_000_000 + i);
  });
  afterAll(async () => {
    await ledger?.close();
    await cleanup?.();
  });

  const bobs = () => bob.toBase58();
  const seqOf = async (signature: string) => (await cachedStore.seqOf(signature))!;

  it('answers like the database for every limit and bound, as the window fills and slides', async () => {
    const compare = async () => {
      const address = bobs();
      const cases: [number, bigint?, bigint?][] = [[1], [3], [8], [20], [1000]];
      for (const anchor of [signatures[2], signatures[6], signatures.at(-1)].filter(Boolean) as string[]) {
        const seq = await seqOf(anchor);
        cases.push([3, seq], [20, seq], [20, undefined, seq], [2, undefined, seq], [20, seq + 5n, seq]);
      }
      for (const [limit, before, until] of cases) {
        const expected = JSON.parse(await fresh().signaturesForAddressJson(address, limit, before, until));
        const got = JSON.parse(await cachedStore.signaturesForAddressJson(address, limit, before, until));
        expect(got, `limit ${limit} before ${before} until ${until}`).toEqual(expected);
      }
    };
    await compare(); // first ask loads the window (5 entries: the whole history)
    for (let i = 0; i < 7; i++) await transfer(2_000_000 + i); // appended as they commit; the window slides past 8
    await compare();
    const page = JSON.parse(await cachedStore.signaturesForAddressJson(bobs(), 20)) as { signature: string }[];
    expect(page.map((e) => e.signature)).toEqual(signatures);
    expect(page).toHaveLength(12);
  });
});

describe('AddressHistoryCache: a page rendered once the root has passed it', () => {
  const entry = (seq: number, slot: number) => ({ seq: BigInt(seq), slot: BigInt(slot), json: historyEntryJson({ signature: `s${seq}`, slot: BigInt(slot), blockTime: 1n, err: null, memo: null }) });
  const statuses = (text: string | null) => (JSON.parse(text!) as { signature: string; confirmationStatus: string }[]).map((e) => `${e.signature}:${e.confirmationStatus}`);

  it('is the same text while the window holds still, and follows every change of view and window', () => {
    const cache = new AddressHistoryCache(10);
    cache.store('a', [entry(2, 5), entry(1, 4)], cache.currentGeneration);
    // The newest entry is above the root: confirmed, and rendered for each view.
    expect(statuses(cache.page('a', 10, undefined, undefined, { highest: 5n, root: 4n }))).toEqual(['s2:confirmed', 's1:finalized']);
    expect(statuses(cache.page('a', 10, undefined, undefined, { highest: 4n, root: 3n }))).toEqual(['s1:confirmed']);
    const settled = cache.page('a', 10, undefined, undefined, { highest: 9n, root: 5n });
    expect(statuses(settled)).toEqual(['s2:finalized', 's1:finalized']);
    expect(cache.page('a', 10, undefined, undefined, { highest: 12n, root: 8n })).toBe(settled);
    expect(statuses(cache.page('a', 1, undefined, undefined, { highest: 12n, root: 8n }))).toEqual(['s2:finalized']);
    expect(statuses(cache.page('a', 10, 2n, undefined, { highest: 12n, root: 8n }))).toEqual(['s1:finalized']);

    cache.append([{ seq: 3n, slot: 13n, accountKeys: ['a'], json: entry(3, 13).json }]);
    expect(statuses(cache.page('a', 10, undefined, undefined, { highest: 13n, root: 8n }))).toEqual(['s3:confirmed', 's2:finalized', 's1:finalized']);
    expect(statuses(cache.page('a', 10, undefined, undefined, { highest: 45n, root: 13n }))).toEqual(['s3:finalized', 's2:finalized', 's1:finalized']);
  });
});
