import { EventEmitter } from 'node:events';
import { randomBytes } from 'node:crypto';
import bs58 from 'bs58';
import { Account as LiteAccount, Clock, FailedTransactionMetadata, type TransactionMetadata } from 'litesvm';
import type { Account, LiteSvm } from 'litesvm/dist/internal';
import { Keypair, PublicKey, SYSVAR_CLOCK_PUBKEY, SYSVAR_RECENT_BLOCKHASHES_PUBKEY, SYSVAR_SLOT_HASHES_PUBKEY, SystemProgram, Transaction } from '@solana/web3.js';
import type { FastifyBaseLogger } from 'fastify';
import { AccountVersions } from './accountVersions';
import { SlotClock } from './clock';
import { transactionFee } from './fees';
import { LAMPORTS_PER_SIGNATURE, MAX_BLOCKHASH_AGE, SLOTS_PER_EPOCH, SYSTEM_PROGRAM } from './programs';
import { buildRecord, resolveKeys, restore, snapshot, storedInnerInstructions, tokenBalances, type ResolvedKeys } from './record';
import { loadedAccountsDataSize } from './loadedAccountsSize';
import type { AccountRecord, Genesis, LedgerStore, StoredMeta, TxRecord } from './store';
import { createSvm, decodeAddress, readAccount, writeAccount, type AccountState } from './svm';
import { meteoraGenesisAccounts } from './genesis/meteora';
import { MintIndex } from './mintIndex';
import { PerformanceSamples } from './performanceSamples';
import { advanceNonce, durableNonceFor, durableNonceOf, storedNonce, type DurableNonceUse } from './durableNonce';
import { slotHashesFor } from './slotHashes';
import { setRecentBlockhashes } from './recentBlockhashes';
import { PrioritizationFees } from './prioritizationFees';
import { txErrorJson, type TxErrorJson } from './txError';
import { decodeWireTransaction, type WireTransaction } from './wire';

/** How long a batch waits for more transactions before its commit starts. */
const GATHER_MS = 2;

/** Slots of account history kept: the root, where `finalized` reads, trails the tip by 32. */
const VERSIONS_KEPT = 40n;

/** The sysvars each new slot rewrites (applyClock, and LiteSVM's blockhash). */
const CLOCK_SYSVARS = [SYSVAR_CLOCK_PUBKEY, SYSVAR_SLOT_HASHES_PUBKEY, SYSVAR_RECENT_BLOCKHASHES_PUBKEY];

/** 500,000,000 SOL, what `solana-test-validator` gives its faucet. */
const FAUCET_LAMPORTS = 500_000_000n * 1_000_000_000n;

/** The database is unreachable: the ledger takes no transaction it could not make durable. */
export class LedgerUnavailableError extends Error {
  constructor() { super('The ledger cannot store transactions right now'); }
}

export type LedgerOptions = {
  store: LedgerStore; log: FastifyBaseLogger; slotMs: number; now?: () => number;
  /** getRecentPerformanceSamples' period: 60 s, as a validator samples. */
  samplePeriodMs?: number;
};

/** What became of a submitted transaction. */
export type SendOutcome =
  /** Executed and durably stored (it may still have failed: fees are charged either way). */
  | { kind: 'landed'; record: TxRecord }
  /** Refused before execution (preflight, or an error that charges no fee); nothing changed. */
  | { kind: 'rejected'; err: TxErrorJson; logs: string[]; unitsConsumed: bigint; executed?: { fee: bigint; loadedAccountsDataSize: number } }
  /** skipPreflight and the transaction could not land (like a validator silently dropping it). */
  | { kind: 'dropped'; err: TxErrorJson };

export type SimulateOutcome = {
  err: TxErrorJson | null;
  logs: string[];
  unitsConsumed: bigint;
  returnData: { programId: string; data: [string, 'base64'] } | null;
  accounts: Map<string, AccountState | null>;
  /** What only a transaction that got as far as loading its accounts has (a validator answers null otherwise). */
  executed?: SimulatedExecution;
};

/** The runtime's record of a simulated execution: what Agave's simulateTransaction adds to err/logs/units. */
export type SimulatedExecution = {
  accountKeys: string[];
  fee: bigint;
  loadedAccountsDataSize: number;
  innerInstructions: StoredMeta['innerInstructions'];
  preBalances: bigint[];
  postBalances: bigint[];
  preTokenBalances: unknown[];
  postTokenBalances: unknown[];
  loadedAddresses: { writable: string[]; readonly: string[] };
};

type Pending = { record: TxRecord; accounts: AccountRecord[]; undo: () => void; resolve: () => void; reject: (err: Error) => void };

type LedgerEvents = {
  slot: [slot: bigint];
  /** A batch of transactions is durable; `accounts` holds the post-state of every account it wrote. */
  committed: [records: TxRecord[], accounts: Map<string, AccountRecord>];
};

/**
 * The local Solana ledger: LiteSVM for execution, the database for durability. A
 * transaction's result reaches nobody before its rows are committed (group commit: the
 * writes of all transactions executed meanwhile go in one database transaction).
 */
export class LocalLedger extends EventEmitter<LedgerEvents> {
  private svm: LiteSvm;
  private readonly clock: SlotClock;
  private seq: bigint;
  private timer: NodeJS.Timeout | undefined;
  private queue: Pending[] = [];
  private flushing: Promise<void> | null = null;
  /** The seq of the last transaction known durable: where a failed batch rolls back to. */
  private committedSeq: bigint;
  /** Transactions in the last committed batch: how long the next one waits for company. */
  private lastBatchSize = 0;
  /** Executed, not yet committed: a resend must be AlreadyProcessed, not run twice. */
  private readonly inflight = new Set<string>();
  /** The status cache: committed signatures of the last 150 slots. */
  private readonly recent = new Map<string, { slot: bigint; err: TxErrorJson | null }>();
  private readonly recentBySlot = new Map<bigint, string[]>();
  /** Nonce accounts advanced in the current slot: a second advance in one slot is refused, as on a validator. */
  private readonly noncesAdvancedThisSlot = new Set<string>();
  /** Executed, not yet durable, counted by slot: a block is complete only once none is left in it. */
  private readonly pendingBySlot = new Map<bigint, number>();
  readonly faucet: Keypair;
  /** Compute-unit prices paid in recent blocks (getRecentPrioritizationFees). */
  readonly prioritizationFees = new PrioritizationFees();
  transactionCount: bigint;
  readonly performance: PerformanceSamples;
  private slotHashes: { slot: bigint; hash: string }[] = [];
  /** Accounts' states in the last slots: reads at the root (the RPC's `finalized`) answer from it. */
  private readonly versions = new AccountVersions();
  private previousSlot: bigint;
  private rootFloor = -1n;
  private readonly mintIndex = new MintIndex((program) => this.getProgramAccounts(program).map(({ address, account }) => ({ address, data: account.data })));

  private constructor(
    private readonly store: LedgerStore,
    private readonly log: FastifyBaseLogger,
    svm: LiteSvm, clock: SlotClock, private readonly genesis: Genesis, seq: bigint, samplePeriodMs: number, private readonly now: () => number,
  ) {
    super();
    this.setMaxListeners(0);
    this.svm = svm;
    this.clock = clock;
    this.previousSlot = clock.slot;
    this.seq = seq;
    this.committedSeq = seq;
    this.transactionCount = seq;
    // Our own stored key: re-deriving its public key to check it costs the start-up a curve precomputation.
    this.faucet = Keypair.fromSecretKey(bs58.decode(genesis.faucetSecretKey), { skipValidation: true });
    this.performance = new PerformanceSamples(samplePeriodMs);
    this.performance.observe(now(), clock.slot, seq);
    this.applyClock();
  }

  /** The RecentBlockhashes sysvar as a validator keeps it; again after each expireBlockhash, which writes LiteSVM's one entry. */
  private writeRecentBlockhashes(): void {
    setRecentBlockhashes(this.svm, this.clock.slot, this.firstSlot, (s) => this.clock.blockhashAt(s));
  }

  /** Opens the ledger stored in the database (creating its genesis on first use) and starts the clock. */
  static async open({ store, log, slotMs, now = Date.now, samplePeriodMs = 60_000 }: LedgerOptions): Promise<LocalLedger> {
    const started = now();
    const svm = createSvm();
    let genesis = await store.loadGenesis();
    const reopened = genesis !== null;
    let accounts = 0;
    if (!genesis) {
      const faucet = Keypair.generate();
      genesis = { faucetSecretKey: bs58.encode(faucet.secretKey), seed: randomBytes(32).toString('hex'), createdAtMs: now(), startSlot: '0' };
      const record: AccountRecord = {
        address: faucet.publicKey.toBase58(), lamports: FAUCET_LAMPORTS, owner: SYSTEM_PROGRAM,
        executable: false, rentEpoch: 2n ** 64n - 1n, data: new Uint8Array(0), updatedSlot: 0n,
      };
      await store.saveGenesis(genesis, [record, ...meteoraGenesisAccounts()]);
    }
    for await (const page of store.loadAccounts()) {
      for (const record of page) writeAccount(svm, record);
      accounts += page.length;
    }
    // A ledger made before these genesis accounts existed gets them now, once (nothing else writes them).
    const missing = meteoraGenesisAccounts().filter((record) => readAccount(svm, bs58.decode(record.address)) === null);
    if (missing.length > 0) {
      await store.addGenesisAccounts(missing);
      for (const record of missing) writeAccount(svm, record);
    }
    const checkpoint = await store.loadClock() ?? { slot: genesis.startSlot, unixMs: genesis.createdAtMs };
    const elapsed = BigInt(Math.max(1, Math.floor((now() - checkpoint.unixMs) / slotMs)));
    const anchors = [{ slot: genesis.startSlot, unixMs: genesis.createdAtMs }, ...await store.loadAnchors()];
    const clock = new SlotClock(Buffer.from(genesis.seed, 'hex'), BigInt(checkpoint.slot) + elapsed, slotMs, now, anchors);
    await store.saveAnchors(clock.anchors.slice(1));
    const seq = await store.maxSeq();
    const ledger = new LocalLedger(store, log, svm, clock, genesis, seq, samplePeriodMs, now);
    // The clock opens past every slot the last process wrote in (see loadClock).
    if (reopened) ledger.rootFloor = clock.slot - 1n;
    for (const r of await store.recentSignatures(clock.slot - MAX_BLOCKHASH_AGE - 1n)) ledger.remember(r.signature, r.slot, r.err);
    ledger.timer = setInterval(() => ledger.tick(), Math.max(5, Math.floor(slotMs / 4))).unref();
    log.info({ accounts, transactions: Number(seq), slot: Number(clock.slot), ms: now() - started }, 'local ledger ready');
    return ledger;
  }

  get slot(): bigint { return this.clock.slot; }
  /**
   * Every slot up to this one was written by an earlier process and is rooted from the start
   * (-1 on a new ledger): the history reads at `finalized` would need of them (each account as
   * the slot left it) was in that process's memory, so the root does not wait 32 slots to pass
   * them. Statuses, blocks, account reads and subscriptions all count the root from here.
   */
  get restartRoot(): bigint { return this.rootFloor; }
  /** Transactions executed and not yet durable (their commit is under way). */
  get uncommitted(): number { return this.inflight.size; }
  get slotMs(): number { return this.clock.slotMs; }
  get epoch(): bigint { return this.clock.slot / SLOTS_PER_EPOCH; }
  get genesisHash(): string { return this.clock.genesisHash; }
  get latestBlockhash() { return this.clock.latestBlockhash; }
  /** Whether a bank at `slot` (the tip unless given) takes the blockhash. */
  isBlockhashValid(blockhash: string, slot?: bigint): boolean { return this.clock.blockhashSlot(blockhash, slot) !== undefined; }

  /**
   * The transaction count a bank at `slot` reports: at the tip every executed one; at a finished
   * block (all its transactions durable) those up to it, as what landed after it is all recent,
   * counted per slot.
   */
  transactionCountAt(slot: bigint): bigint {
    if (slot >= this.clock.slot) return this.transactionCount;
    let count = this.committedSeq;
    for (const [s, signatures] of this.recentBySlot) if (s > slot) count -= BigInt(signatures.length);
    return count;
  }
  /** The ledger's first block (its genesis slot). */
  get firstSlot(): bigint { return BigInt(this.genesis.startSlot); }
  /** A slot's blockhash: the one getLatestBlockhash handed out while it was the current slot. */
  blockhashAt(slot: bigint): string { return this.clock.blockhashAt(slot); }
  /** A slot's block time in unix seconds (undefined for a slot not reached yet). */
  slotTime(slot: bigint): number | undefined { return this.clock.slotTime(slot); }

  /**
   * The newest complete block: the current slot still takes transactions, and a slot whose
   * transactions are not all durable yet is not finished either. Every slot from the first up
   * to this one is a block (see SlotClock), and no block at or below it changes any more.
   */
  get lastBlockSlot(): bigint {
    let last = this.clock.slot - 1n;
    for (const slot of this.pendingBySlot.keys()) if (slot - 1n < last) last = slot - 1n;
    return last;
  }

  /** Tests: jump the clock forward (expiring blockhashes without waiting a minute). */
  warp(slot: bigint): void {
    this.clock.warp(slot);
    this.store.saveAnchors(this.clock.anchors.slice(1)).catch((err: unknown) => this.log.error({ err }, 'ledger clock anchor not stored'));
    this.onSlotChanged();
  }

  /**
   * An account now, or at the end of slot `at` (no older than the root: the RPC's `finalized`
   * reads there). After a restart, slots before it read as now until the root passes it.
   */
  getAccount(address: string, at?: bigint): AccountState | null {
    const key = decodeAddress(address);
    if (!key) return null;
    const past = at === undefined ? undefined : this.versions.at(address, at);
    return past !== undefined ? past : readAccount(this.svm, key);
  }

  /** The accounts `owner` owns, now or at the end of slot `at` (as getAccount). */
  getProgramAccounts(owner: string, at?: bigint): { address: string; account: AccountState }[] {
    const key = decodeAddress(owner);
    if (!key) return [];
    const out: { address: string; account: AccountState }[] = [];
    for (const item of this.svm.getProgramAccounts(key)) {
      const a = item.account();
      if (a.lamports() === 0n) continue;
      out.push({ address: bs58.encode(item.address), account: { lamports: a.lamports(), owner, executable: a.executable(), rentEpoch: a.rentEpoch(), data: a.data() } });
    }
    return at === undefined ? out : this.asOf(out, at, (account) => account.owner === owner);
  }

  /**
   * The accounts written in `slot`, each as it was at the end of it (a closed one with no
   * lamports): what subscriptions at `finalized` are told once the root reaches the slot.
   */
  accountsWrittenIn(slot: bigint): Map<string, AccountRecord> {
    const out = new Map<string, AccountRecord>();
    for (const address of this.versions.writtenIn(slot)) {
      const account = this.getAccount(address, slot);
      out.set(address, account
        ? { address, ...account, updatedSlot: slot }
        : { address, lamports: 0n, owner: SYSTEM_PROGRAM, executable: false, rentEpoch: 0n, data: new Uint8Array(0), updatedSlot: slot });
    }
    return out;
  }

  /** `current` as it was at the end of slot `at`: accounts written since put back, kept where `keep` still holds then. */
  private asOf(current: { address: string; account: AccountState }[], at: bigint, keep: (account: AccountState) => boolean) {
    const changed = this.versions.changedAfter(at);
    if (changed.size === 0) return current;
    const out = current.filter((item) => !changed.has(item.address));
    for (const [address, account] of changed) if (account && keep(account)) out.push({ address, account });
    return out;
  }

  /**
   * The accounts of a token program whose first 32 bytes are `mint` (a token account's mint):
   * exactly what getProgramAccounts with a memcmp at offset 0 would keep, read from an index
   * instead of a scan of the whole program.
   */
  getProgramAccountsByMint(program: string, mint: Uint8Array, at?: bigint): { address: string; account: AccountState }[] {
    const ofMint = (account: AccountState) => account.owner === program && account.data.length >= mint.length
      && Buffer.compare(Buffer.from(account.data.buffer, account.data.byteOffset, mint.length), Buffer.from(mint)) === 0;
    const out: { address: string; account: AccountState }[] = [];
    for (const address of this.mintIndex.candidates(program, mint)) {
      const account = this.getAccount(address);
      if (account && ofMint(account)) out.push({ address, account });
    }
    return at === undefined ? out : this.asOf(out, at, ofMint);
  }

  minimumBalanceForRentExemption(space: bigint): bigint { return this.svm.minimumBalanceForRentExemption(space); }

  /** Status of a recently committed signature (the last 150 slots), from memory. */
  recentStatus(signature: string): { slot: bigint; err: TxErrorJson | null } | undefined { return this.recent.get(signature); }

  /** Runs a transaction and, unless it is refused, stores it; resolves once it is durable. */
  async send(raw: Uint8Array, { preflight }: { preflight: boolean }): Promise<SendOutcome> {
    const tx = decodeWireTransaction(raw);
    const signature = tx.signatures[0];
    const refuse = (err: TxErrorJson): SendOutcome => preflight ? { kind: 'rejected', err, logs: [], unitsConsumed: 0n } : { kind: 'dropped', err };
    if (this.inflight.has(signature) || this.recent.has(signature)) return refuse('AlreadyProcessed');
    const lifetime = this.lifetimeOf(tx);
    if (!lifetime) return refuse('BlockhashNotFound');
    const keys = resolveKeys(this.svm, tx);
    if ('error' in keys) return refuse(keys.error);
    const record = this.execute(raw, tx, keys, preflight, lifetime.nonce);
    if ('rejected' in record) return record.rejected;
    if ('dropped' in record) return { kind: 'dropped', err: record.dropped };
    if (lifetime.nonce) this.noncesAdvancedThisSlot.add(lifetime.nonce.address);
    await this.commit(record.record, record.accounts, record.undo);
    return { kind: 'landed', record: record.record };
  }

  simulate(raw: Uint8Array, { sigVerify, replaceRecentBlockhash }: { sigVerify: boolean; replaceRecentBlockhash: boolean }): SimulateOutcome & { replacementBlockhash?: { blockhash: string; lastValidBlockHeight: bigint } } {
    let bytes = raw;
    const tx = decodeWireTransaction(raw);
    let replacement: { blockhash: string; lastValidBlockHeight: bigint } | undefined;
    if (replaceRecentBlockhash) {
      replacement = this.clock.latestBlockhash;
      bytes = Uint8Array.from(raw);
      bytes.set(bs58.decode(replacement.blockhash), tx.blockhashOffset);
    } else if (!this.lifetimeOf(tx)) {
      return { err: 'BlockhashNotFound', logs: [], unitsConsumed: 0n, returnData: null, accounts: new Map() };
    }
    if (this.recent.has(tx.signatures[0]) || this.inflight.has(tx.signatures[0])) {
      return { err: 'AlreadyProcessed', logs: [], unitsConsumed: 0n, returnData: null, accounts: new Map() };
    }
    const keys = resolveKeys(this.svm, tx);
    if ('error' in keys) return { err: keys.error, logs: [], unitsConsumed: 0n, returnData: null, accounts: new Map() };
    const pre = snapshot(this.svm, keys.bytes);
    const execution = (meta: TransactionMetadata, post: (Account | null)[]): SimulatedExecution => ({
      accountKeys: keys.keys,
      fee: transactionFee(tx),
      loadedAccountsDataSize: loadedAccountsDataSize(this.svm, keys.keys, pre, tx.lookups.length),
      innerInstructions: storedInnerInstructions(meta.innerInstructions()),
      preBalances: pre.map((a) => a?.lamports() ?? 0n),
      postBalances: post.map((a) => a?.lamports() ?? 0n),
      preTokenBalances: tokenBalances(this.svm, keys.keys, pre),
      postTokenBalances: tokenBalances(this.svm, keys.keys, post),
      loadedAddresses: keys.loaded,
    });
    const previous = this.svm.getSigverify();
    this.svm.setSigverify(sigVerify);
    try {
      const result = this.svm[tx.version === 'legacy' ? 'simulateLegacyTransaction' : 'simulateVersionedTransaction'](bytes);
      if (result instanceof FailedTransactionMetadata) {
        const meta = result.meta();
        const err = txErrorJson(result);
        // A failure before execution (bad signature, unknown payer...) loads nothing and charges nothing;
        // one during execution still charges the fee, which is all that changes.
        const charged = meta.computeUnitsConsumed() > 0n || meta.logs().length > 0;
        const post = charged ? pre.map((a, i) => (i === 0 && a ? feeCharged(a, transactionFee(tx)) : a)) : pre;
        return {
          err, logs: meta.logs(), unitsConsumed: meta.computeUnitsConsumed(), returnData: null, accounts: new Map(),
          replacementBlockhash: replacement, executed: charged ? execution(meta, post) : undefined,
        };
      }
      const meta = result.meta();
      const accounts = new Map<string, AccountState | null>();
      const postByKey = new Map<string, Account>();
      for (const item of result.postAccounts()) {
        const a = item.account();
        const address = bs58.encode(item.address);
        postByKey.set(address, a);
        accounts.set(address, a.lamports() === 0n ? null : { lamports: a.lamports(), owner: bs58.encode(a.owner()), executable: a.executable(), rentEpoch: a.rentEpoch(), data: a.data() });
      }
      const post = keys.keys.map((k, i) => postByKey.get(k) ?? pre[i]);
      return {
        err: null, logs: meta.logs(), unitsConsumed: meta.computeUnitsConsumed(), returnData: returnDataOf(meta), accounts,
        replacementBlockhash: replacement, executed: execution(meta, post),
      };
    } finally {
      this.svm.setSigverify(previous);
    }
  }

  /** A real transfer from the faucet, so airdrops appear in history as on a validator. */
  async airdrop(to: string, lamports: bigint): Promise<SendOutcome> {
    // The same amount to the same wallet twice in one slot would be the same transaction
    // (AlreadyProcessed): use the newest still-valid blockhash that makes it a new one.
    for (let attempt = 0; attempt < 10; attempt++) {
      for (let age = 0n; age <= MAX_BLOCKHASH_AGE && this.clock.slot - age >= 0n; age++) {
        const tx = new Transaction({ feePayer: this.faucet.publicKey, recentBlockhash: this.clock.blockhashAt(this.clock.slot - age) })
          .add(SystemProgram.transfer({ fromPubkey: this.faucet.publicKey, toPubkey: new PublicKey(to), lamports }));
        tx.sign(this.faucet);
        const signature = bs58.encode(tx.signature!);
        if (this.inflight.has(signature) || this.recent.has(signature)) continue;
        return this.send(tx.serialize(), { preflight: true });
      }
      // A young ledger has few blockhashes: wait for the next slot's.
      await new Promise((resolve) => this.once('slot', resolve));
    }
    return { kind: 'rejected', err: 'AlreadyProcessed', logs: [], unitsConsumed: 0n };
  }

  /** Stops the clock and waits for the last batch; the database stays open (its owner closes it). */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    while (this.flushing) await this.flushing;
    await this.store.saveClock({ slot: this.clock.slot.toString(), unixMs: Date.now() }).catch(() => {});
  }

  /** Resolves once everything executed so far is durable. */
  async settled(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  /**
   * Whether the transaction may run now: a blockhash of the last 150 slots, or a durable nonce
   * (Agave's check_transaction_age). Undefined means BlockhashNotFound.
   */
  private lifetimeOf(tx: WireTransaction): { nonce?: DurableNonceUse } | undefined {
    if (this.isBlockhashValid(tx.recentBlockhash)) return {};
    const nonce = durableNonceOf(this.svm, tx);
    if (!nonce) return undefined;
    // The nonce would advance to the value it holds: in the slot that set it that means it was
    // already used (refused, as a validator does); otherwise LiteSVM's blockhash chain restarted
    // with this process and met an old value, so step it on.
    if (durableNonceFor(this.svm.latestBlockhash()) === storedNonce(this.svm, nonce.key)) {
      if (this.noncesAdvancedThisSlot.has(nonce.address)) return undefined;
      this.svm.expireBlockhash();
      this.writeRecentBlockhashes();
    }
    return { nonce };
  }

  /**
   * Runs the transaction once. With preflight, a failure is undone (the writable accounts put
   * back as they were) and reported, exactly what simulate-then-send would give at half the cost.
   */
  private execute(raw: Uint8Array, tx: WireTransaction, keys: ResolvedKeys, preflight: boolean, nonce?: DurableNonceUse):
    { record: TxRecord; accounts: AccountRecord[]; undo: () => void } | { dropped: TxErrorJson } | { rejected: SendOutcome } {
    const pre = snapshot(this.svm, keys.bytes);
    const result: TransactionMetadata | FailedTransactionMetadata = this.svm[tx.version === 'legacy' ? 'sendLegacyTransaction' : 'sendVersionedTransaction'](raw);
    const failed = result instanceof FailedTransactionMetadata;
    const err = failed ? txErrorJson(result) : null;
    if (failed && preflight) {
      restore(this.svm, keys, pre);
      const meta = result.meta();
      // It ran (and failed): preflight reports what that run loaded and would have charged, as Agave's does.
      const executed = { fee: transactionFee(tx), loadedAccountsDataSize: loadedAccountsDataSize(this.svm, keys.keys, pre, tx.lookups.length) };
      return { rejected: { kind: 'rejected', err: err!, logs: meta.logs(), unitsConsumed: meta.computeUnitsConsumed(), executed } };
    }
    let post = snapshot(this.svm, keys.bytes);
    // A failure that charged no fee never reached the ledger (bad signature, unknown payer...).
    if (failed && (pre[0]?.lamports() ?? 0n) === (post[0]?.lamports() ?? 0n)) return { dropped: err! };
    if (failed && nonce) {
      advanceNonce(this.svm, nonce.key, LAMPORTS_PER_SIGNATURE);
      post = snapshot(this.svm, keys.bytes);
    }
    const meta = failed ? result.meta() : result;
    this.seq += 1n;
    this.transactionCount = this.seq;
    const slot = this.clock.slot;
    const built = buildRecord({
      svm: this.svm, raw, tx, keys, pre, post, err, seq: this.seq, slot, blockTime: this.blockTime(),
      fee: transactionFee(tx), logs: meta.logs(), computeUnits: meta.computeUnitsConsumed(),
      innerInstructions: meta.innerInstructions(), returnData: returnDataOf(meta),
    });
    for (let i = 0; i < keys.keys.length; i++) if (keys.writable[i]) this.versions.note(slot, keys.keys[i], pre[i]);
    this.inflight.add(built.record.signature);
    this.mintIndex.note(built.accounts);
    return { ...built, undo: () => restore(this.svm, keys, pre) };
  }

  /** Every transaction of a slot carries the slot's time, as every transaction of a block does. */
  private blockTime(): bigint { return BigInt(this.clock.slotTime(this.clock.slot)!); }

  private commit(record: TxRecord, accounts: AccountRecord[], undo: () => void): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ record, accounts, undo, resolve, reject });
      this.pendingBySlot.set(record.slot, (this.pendingBySlot.get(record.slot) ?? 0) + 1);
      if (!this.flushing) this.flushing = this.flushLoop();
    });
  }

  private async flushLoop(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        // A commit blocks the event loop (PGlite runs on this thread), so requests arrive in
        // bursts and take several turns of the loop to reach here: under load (the last batch
        // had company) give them a moment to join; a lone sender (one trade at a time on a
        // token) only lets the loop turn once.
        await new Promise((r) => (this.lastBatchSize > 1 ? setTimeout(r, GATHER_MS) : setImmediate(r)));
        const batch = this.queue;
        this.queue = [];
        this.lastBatchSize = batch.length;
        const accounts = new Map<string, AccountRecord>();
        for (const p of batch) for (const a of p.accounts) accounts.set(a.address, a);
        const records = batch.map((p) => p.record);
        try {
          const started = performance.now();
          await this.store.writeBatch(records, [...accounts.values()], { slot: this.clock.slot.toString(), unixMs: Date.now() });
          this.log.debug({ transactions: records.length, accounts: accounts.size, ms: Math.round(performance.now() - started) }, 'ledger batch committed');
        } catch (err) {
          // Nothing of this batch, nor of what executed after it, may stay in memory: undo it all,
          // newest first, and tell every waiting client that its transaction did not land.
          this.log.error({ err }, 'ledger commit failed; the batch is rolled back');
          const lost = [...batch, ...this.queue];
          this.queue = [];
          for (const p of [...lost].reverse()) p.undo();
          this.seq = this.committedSeq;
          this.transactionCount = this.seq;
          for (const p of lost) { this.inflight.delete(p.record.signature); this.settle(p.record.slot); p.reject(new LedgerUnavailableError()); }
          continue;
        }
        this.committedSeq = records[records.length - 1].seq;
        for (const p of batch) {
          this.inflight.delete(p.record.signature);
          this.settle(p.record.slot);
          this.prioritizationFees.note(p.record);
          this.remember(p.record.signature, p.record.slot, p.record.err);
        }
        this.emit('committed', records, accounts);
        for (const p of batch) p.resolve();
      }
    } finally {
      this.flushing = null;
    }
  }

  private settle(slot: bigint): void {
    const left = (this.pendingBySlot.get(slot) ?? 1) - 1;
    if (left > 0) this.pendingBySlot.set(slot, left);
    else this.pendingBySlot.delete(slot);
  }

  private remember(signature: string, slot: bigint, err: TxErrorJson | null): void {
    this.recent.set(signature, { slot, err });
    let list = this.recentBySlot.get(slot);
    if (!list) { list = []; this.recentBySlot.set(slot, list); }
    list.push(signature);
  }

  private tick(): void {
    if (this.clock.advance()) this.onSlotChanged();
    this.performance.observe(this.now(), this.clock.slot, this.transactionCount);
  }

  private onSlotChanged(): void {
    // The sysvars the new slot rewrites keep their last slot's values for reads at older slots.
    for (const sysvar of CLOCK_SYSVARS) this.versions.note(this.clock.slot, sysvar.toBase58(), this.svm.getAccount(sysvar.toBytes()));
    // Behind the slot the clock left, not the one it reached: after a jump, subscriptions at
    // 'finalized' are still told of every slot the root passed over.
    this.versions.prune(this.previousSlot - VERSIONS_KEPT);
    this.previousSlot = this.clock.slot;
    this.applyClock();
    // Durable nonces advance to a value derived from LiteSVM's blockhash: a new one every slot.
    this.svm.expireBlockhash();
    this.writeRecentBlockhashes();
    this.noncesAdvancedThisSlot.clear();
    const oldest = this.clock.slot - MAX_BLOCKHASH_AGE - 1n;
    for (const [slot, sigs] of this.recentBySlot) {
      if (slot >= oldest) break;
      for (const s of sigs) this.recent.delete(s);
      this.recentBySlot.delete(slot);
    }
    this.emit('slot', this.clock.slot);
  }

  private applyClock(): void {
    const slot = this.clock.slot;
    const epoch = slot / SLOTS_PER_EPOCH;
    // The slot's own time, the block time getBlockTime answers, as a validator's bank has one
    // clock for both: a program stamping a time (DAMM v2's activation point) and a client reading
    // the block time (Meteora's SDKs before quoting) must agree. Date.now() here ran up to a late
    // tick ahead and could cross a second the slot had not.
    const unix = BigInt(this.clock.slotTime(slot)!);
    // The epoch's first slot's time, as a validator's Clock has it (before the genesis: the genesis slot's).
    const epochStart = epoch * SLOTS_PER_EPOCH;
    const epochStartUnix = BigInt(this.clock.slotTime(epochStart > this.firstSlot ? epochStart : this.firstSlot) ?? Number(unix));
    this.svm.setClock(new Clock(slot, epochStartUnix, epoch, epoch + 1n, unix));
    this.writeRecentBlockhashes();
    // SlotHashes follows the slot clock, so an address lookup table can be created from any recent slot.
    this.slotHashes = slotHashesFor(slot, this.slotHashes, (s) => this.clock.blockhashAt(s));
    this.svm.setSlotHashes(this.slotHashes);
  }
}

function returnDataOf(meta: TransactionMetadata): { programId: string; data: [string, 'base64'] } | null {
  const rd = meta.returnData();
  const data = rd.data();
  if (data.length === 0) return null;
  return { programId: bs58.encode(rd.programId()), data: [Buffer.from(data).toString('base64'), 'base64'] };
}

/** The fee payer after a failed execution: the fee is all it lost. */
function feeCharged(payer: Account, fee: bigint): Account {
  const lamports = payer.lamports() > fee ? payer.lamports() - fee : 0n;
  return new LiteAccount(lamports, payer.data(), payer.owner(), payer.executable(), payer.rentEpoch());
}
