import { and, eq, gt, inArray, max, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { ledgerAccounts, ledgerMeta, ledgerTransactions } from '../../db/schema';
import type { ClockAnchor } from './clock';
import type { TxErrorJson } from './txError';
import type { BlockFiles } from './blockFiles';
import { AddressHistoryCache, entryInView, historyEntryJson, type HistoryEntry, type HistoryView } from './historyCache';

export type StoredMeta = {
  preBalances: string[];
  postBalances: string[];
  preTokenBalances: unknown[];
  postTokenBalances: unknown[];
  logMessages: string[];
  innerInstructions: { index: number; instructions: { programIdIndex: number; accounts: number[]; data: string; stackHeight: number | null }[] }[];
  loadedAddresses: { writable: string[]; readonly: string[] };
  returnData: { programId: string; data: [string, 'base64'] } | null;
};

export type TxRecord = {
  signature: string;
  seq: bigint;
  slot: bigint;
  blockTime: bigint;
  raw: Uint8Array;
  accountKeys: string[];
  err: TxErrorJson | null;
  fee: bigint;
  computeUnits: bigint;
  meta: StoredMeta;
  memo: string | null;
};

/** A transaction's getBlock entries as JSON text (json and jsonParsed), rendered when it is written. */
export type BlockEntries = { json: string; parsed: string };

/**
 * A block's stored entries, joined by commas (as bytes when read from its file), and the time
 * its transactions were stamped with.
 */
export type StoredBlock = { list: string | Buffer; blockTime: bigint | null };

export type AccountRecord = {
  address: string;
  lamports: bigint;
  owner: string;
  executable: boolean;
  rentEpoch: bigint;
  data: Uint8Array;
  updatedSlot: bigint;
};

export type Genesis = { faucetSecretKey: string; seed: string; createdAtMs: number; startSlot: string };
export type ClockCheckpoint = { slot: string; unixMs: number };

/** One getSignaturesForAddress entry, exactly as the RPC returns it. */
export type SignatureInfo = { signature: string; slot: number; blockTime: number; err: TxErrorJson | null; memo: string | null; confirmationStatus: 'finalized' };

/** Reads and writes the ledger tables. Every write of a batch happens in one database transaction. */
export class LedgerStore {
  private readonly history: AddressHistoryCache;

  private readonly renderBlockEntries?: (t: TxRecord) => BlockEntries;
  private readonly blockFiles?: BlockFiles;

  /**
   * `historyWindow`: entries per address kept in memory (tests shrink it to reach its edges).
   * `renderBlockEntries`: the RPC's rendering of a transaction's getBlock entries, stored with it.
   * `blockFiles`: where finished blocks' entries are also kept as files (the ledger process's own).
   */
  constructor(private readonly db: Db, options: { historyWindow?: number; renderBlockEntries?: (t: TxRecord) => BlockEntries; blockFiles?: BlockFiles } = {}) {
    this.history = new AddressHistoryCache(options.historyWindow);
    this.renderBlockEntries = options.renderBlockEntries;
    this.blockFiles = options.blockFiles;
  }

  async loadGenesis(): Promise<Genesis | null> {
    const [row] = await this.db.select().from(ledgerMeta).where(eq(ledgerMeta.key, 'genesis'));
    return row ? row.value as Genesis : null;
  }

  async saveGenesis(genesis: Genesis, accounts: AccountRecord[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.insert(ledgerMeta).values({ key: 'genesis', value: genesis });
      if (accounts.length) await tx.insert(ledgerAccounts).values(accounts.map(accountRow));
    });
  }

  /** Genesis accounts a ledger made before they were part of its genesis lacks: written once, never over a stored one. */
  async addGenesisAccounts(accounts: AccountRecord[]): Promise<void> {
    if (accounts.length) await this.db.insert(ledgerAccounts).values(accounts.map(accountRow)).onConflictDoNothing();
  }

  /** The newest known point in time: the clock checkpoint or the last transaction, whichever is later. */
  async loadClock(): Promise<ClockCheckpoint | null> {
    const [row] = await this.db.select().from(ledgerMeta).where(eq(ledgerMeta.key, 'clock'));
    const [last] = await this.db.select({ slot: max(ledgerTransactions.slot) }).from(ledgerTransactions);
    const checkpoint = row ? row.value as ClockCheckpoint : null;
    if (last?.slot != null && (!checkpoint || BigInt(last.slot) > BigInt(checkpoint.slot))) {
      const [t] = await this.db.select({ blockTime: ledgerTransactions.blockTime }).from(ledgerTransactions)
        .where(eq(ledgerTransactions.slot, BigInt(last.slot))).limit(1);
      return { slot: String(last.slot), unixMs: Number(t.blockTime) * 1000 };
    }
    return checkpoint;
  }

  async saveClock(clock: ClockCheckpoint): Promise<void> {
    await this.db.insert(ledgerMeta).values({ key: 'clock', value: clock })
      .onConflictDoUpdate({ target: ledgerMeta.key, set: { value: clock } });
  }

  /** Where the slot clock ran from before this start (see SlotClock): block times of past slots. */
  async loadAnchors(): Promise<ClockAnchor[]> {
    const [row] = await this.db.select().from(ledgerMeta).where(eq(ledgerMeta.key, 'clock_anchors'));
    return row ? row.value as ClockAnchor[] : [];
  }

  async saveAnchors(anchors: ClockAnchor[]): Promise<void> {
    await this.db.insert(ledgerMeta).values({ key: 'clock_anchors', value: anchors })
      .onConflictDoUpdate({ target: ledgerMeta.key, set: { value: anchors } });
  }

  async *loadAccounts(pageSize = 5000): AsyncGenerator<AccountRecord[]> {
    let after = '';
    for (;;) {
      const rows = await this.db.select().from(ledgerAccounts)
        .where(and(gt(ledgerAccounts.address, after), gt(ledgerAccounts.lamports, 0n)))
        .orderBy(ledgerAccounts.address).limit(pageSize);
      if (rows.length === 0) return;
      yield rows.map((r) => ({ ...r, rentEpoch: BigInt(r.rentEpoch) }));
      after = rows[rows.length - 1].address;
      if (rows.length < pageSize) return;
    }
  }

  /** Every program that owns a stored account with lamports: where a scan of all accounts looks. */
  async accountOwners(): Promise<string[]> {
    const rows = await this.db.selectDistinct({ owner: ledgerAccounts.owner }).from(ledgerAccounts).where(gt(ledgerAccounts.lamports, 0n));
    return rows.map((r) => r.owner);
  }

  async maxSeq(): Promise<bigint> {
    const [row] = await this.db.select({ seq: max(ledgerTransactions.seq) }).from(ledgerTransactions);
    return row?.seq == null ? 0n : BigInt(row.seq);
  }

  /** Signatures that landed at or after `minSlot`, oldest first: the status cache a restarted validator rebuilds. */
  async recentSignatures(minSlot: bigint): Promise<{ signature: string; slot: bigint; err: TxErrorJson | null }[]> {
    // One JSON value rather than tens of thousands of rows: a restart reads a minute of traffic here.
    const result = await this.db.execute(sql`
      select coalesce(json_agg(json_build_array(signature, slot::text, err) order by seq), '[]')::text as list
      from ledger_transactions where slot >= ${minSlot.toString()}::int8`);
    const rows = rowsOf<{ list: string }>(result);
    return (JSON.parse(rows[0].list) as [string, string, TxErrorJson | null][]).map(([signature, slot, err]) => ({ signature, slot: BigInt(slot), err }));
  }

  /**
   * One database transaction for a whole batch: transactions, index rows, account states,
   * clock. Each table gets one statement with one JSON parameter: per-row parameters cost
   * more in the driver and the query builder than the database spends storing the rows.
   */
  async writeBatch(txs: TxRecord[], accounts: AccountRecord[], clock: ClockCheckpoint): Promise<void> {
    const render = this.renderBlockEntries;
    const rendered: { slot: bigint; seq: bigint; blockTime: bigint; entries: BlockEntries }[] = [];
    const txJson = JSON.stringify(txs.map((t) => {
      const entries = render?.(t);
      if (entries) rendered.push({ slot: t.slot, seq: t.seq, blockTime: t.blockTime, entries });
      return {
        signature: t.signature, seq: t.seq.toString(), slot: t.slot.toString(), block_time: t.blockTime.toString(),
        raw: Buffer.from(t.raw.buffer, t.raw.byteOffset, t.raw.byteLength).toString('hex'), account_keys: t.accountKeys,
        err: t.err, fee: t.fee.toString(), compute_units: t.computeUnits.toString(), meta: t.meta, memo: t.memo,
        block_json: entries?.json ?? null, block_parsed: entries?.parsed ?? null,
      };
    }));
    const accountJson = JSON.stringify(accounts.map((a) => ({
      address: a.address, lamports: a.lamports.toString(), owner: a.owner, executable: a.executable,
      rent_epoch: a.rentEpoch.toString(), data: Buffer.from(a.data.buffer, a.data.byteOffset, a.data.byteLength).toString('hex'),
      updated_slot: a.updatedSlot.toString(),
    })));
    await this.db.transaction(async (tx) => {
      if (txs.length) {
        await tx.execute(sql`
          with x as (
            select * from jsonb_to_recordset(${txJson}::jsonb) as x(signature text, seq int8, slot int8, block_time int8, raw text,
              account_keys text[], err jsonb, fee int8, compute_units int8, meta jsonb, memo text, block_json text, block_parsed text)
          ), t as (
            insert into ledger_transactions (signature, seq, slot, block_time, raw, account_keys, err, fee, compute_units, meta, memo)
            select signature, seq, slot, block_time, decode(raw, 'hex'), account_keys, err, fee, compute_units, meta, memo from x
          ), e as (
            insert into ledger_block_entries (slot, encoding, seq, entry)
            select slot, e.encoding, seq, e.entry from x
            cross join lateral (values (0::int2, x.block_json), (1::int2, x.block_parsed)) as e(encoding, entry)
            where e.entry is not null
          )
          insert into ledger_address_signatures (address, seq, signature, slot, block_time, err, memo)
          select distinct on (k.address, x.seq) k.address, x.seq, x.signature, x.slot, x.block_time, x.err, x.memo
          from x cross join lateral unnest(x.account_keys) as k(address)`);
      }
      if (accounts.length) {
        await tx.execute(sql`
          insert into ledger_accounts (address, lamports, owner, executable, rent_epoch, data, updated_slot)
          select address, lamports, owner, executable, rent_epoch, decode(data, 'hex'), updated_slot
          from jsonb_to_recordset(${accountJson}::jsonb) as x(address text, lamports int8, owner text, executable boolean,
            rent_epoch numeric, data text, updated_slot int8)
          on conflict (address) do update set lamports = excluded.lamports, owner = excluded.owner, executable = excluded.executable,
            rent_epoch = excluded.rent_epoch, data = excluded.data, updated_slot = excluded.updated_slot`);
      }
      // A batch's transactions already say how far the clock got (loadClock reads the last one).
      if (!txs.length) {
        await tx.insert(ledgerMeta).values({ key: 'clock', value: clock })
          .onConflictDoUpdate({ target: ledgerMeta.key, set: { value: clock } });
      }
    });
    this.history.append(txs.map((t) => ({ seq: t.seq, slot: t.slot, accountKeys: t.accountKeys, json: historyEntryJson(t) })));
    this.blockFiles?.committed(rendered);
  }

  async statuses(signatures: string[]): Promise<Map<string, { slot: bigint; err: TxErrorJson | null }>> {
    if (signatures.length === 0) return new Map();
    const rows = await this.db.select({ signature: ledgerTransactions.signature, slot: ledgerTransactions.slot, err: ledgerTransactions.err })
      .from(ledgerTransactions).where(inArray(ledgerTransactions.signature, signatures));
    return new Map(rows.map((r) => [r.signature, { slot: r.slot, err: r.err as TxErrorJson | null }]));
  }

  async seqOf(signature: string): Promise<bigint | null> {
    const [row] = await this.db.select({ seq: ledgerTransactions.seq }).from(ledgerTransactions).where(eq(ledgerTransactions.signature, signature));
    return row ? row.seq : null;
  }

  /**
   * Newest first; `beforeSeq`/`untilSeq` are exclusive bounds. The page comes back as one
   * JSON text in the RPC's shape (concatenated: half the cost of json_build_object): decoding
   * a thousand rows field by field in the driver costs more than the index scan.
   */
  async signaturesForAddress(address: string, limit: number, beforeSeq?: bigint, untilSeq?: bigint): Promise<SignatureInfo[]> {
    return JSON.parse(await this.signaturesForAddressJson(address, limit, beforeSeq, untilSeq)) as SignatureInfo[];
  }

  /** The same page as JSON text, for the RPC to embed without parsing it; `view` is the commitment's (see HistoryView). */
  async signaturesForAddressJson(address: string, limit: number, beforeSeq?: bigint, untilSeq?: bigint, view?: HistoryView): Promise<string> {
    const cached = this.history.page(address, limit, beforeSeq, untilSeq, view);
    if (cached !== null) return cached;
    if (!this.history.has(address)) {
      const generation = this.history.currentGeneration;
      this.history.store(address, await this.entries(address, this.history.windowSize), generation);
      const loaded = this.history.page(address, limit, beforeSeq, untilSeq, view);
      if (loaded !== null) return loaded;
    }
    const page = await this.entries(address, limit, beforeSeq, untilSeq, view?.highest);
    return `[${page.map((e) => entryInView(e, view)).join(',')}]`;
  }

  private async entries(address: string, limit: number, beforeSeq?: bigint, untilSeq?: bigint, highestSlot?: bigint): Promise<HistoryEntry[]> {
    // Without statistics the planner guesses a handful of rows per address and picks a bitmap
    // scan plus a sort of the address's whole history; the backward index scan stops at `limit`.
    const result = await this.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_bitmapscan = off`);
      return tx.execute(sql`
      select seq::text as seq_text, slot::text as slot_text, '{"signature":"' || signature || '","slot":' || slot || ',"err":' || coalesce(err::text, 'null')
        || ',"memo":' || coalesce(to_json(memo)::text, 'null') || ',"blockTime":' || block_time
        || ',"confirmationStatus":"finalized"}' as json
      from ledger_address_signatures
      where address = ${address}
        and seq < ${(beforeSeq ?? 2n ** 62n).toString()}::int8
        and seq > ${(untilSeq ?? -1n).toString()}::int8
        and slot <= ${(highestSlot ?? 2n ** 62n).toString()}::int8
      order by seq desc limit ${limit}`);
    });
    type Row = { seq_text: string; slot_text: string; json: string };
    const rows = rowsOf<Row>(result);
    // Aliased apart from seq: `order by seq` must sort the int8 column, not its text.
    return rows.map((r) => ({ seq: BigInt(r.seq_text), slot: BigInt(r.slot_text), json: r.json }));
  }

  async transaction(signature: string): Promise<TxRecord | null> {
    const [row] = await this.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.signature, signature));
    if (!row) return null;
    return { ...row, err: row.err as TxErrorJson | null, meta: row.meta as StoredMeta };
  }

  /**
   * A slot's stored getBlock entries (json or jsonParsed) in execution order, joined by commas;
   * null when a transaction of the slot has none (written before entries were stored, or by a
   * store without a renderer): the caller renders that block itself.
   */
  async storedBlock(slot: bigint, encoding: 'json' | 'parsed'): Promise<StoredBlock | null> {
    const file = await this.blockFiles?.read(slot, encoding);
    if (file) return file;
    const stored = await this.storedBlockRow(slot, encoding);
    // Only a finished block is read here (getBlock checks): its entries never change, so its file can be written.
    if (stored && stored.blockTime !== null) this.blockFiles?.save(slot, encoding, stored.list, stored.blockTime);
    return stored;
  }

  private async storedBlockRow(slot: bigint, encoding: 'json' | 'parsed'): Promise<{ list: string; blockTime: bigint | null } | null> {
    // The slot's transactions counted and their block time read in one pass over them.
    const result = await this.db.execute(sql`
      with t as (select count(*)::int as n, min(block_time)::text as block_time from ledger_transactions where slot = ${slot.toString()}::int8)
      select t.n, t.block_time, count(e.entry)::int as stored, coalesce(string_agg(e.entry, ',' order by e.seq), '') as list
      from t left join ledger_block_entries e on e.slot = ${slot.toString()}::int8 and e.encoding = ${encoding === 'json' ? 0 : 1}
      group by t.n, t.block_time`);
    type Row = { n: number; stored: number; block_time: string | null; list: string };
    const [row] = rowsOf<Row>(result);
    if (row.stored < row.n) return null;
    return { list: row.list, blockTime: row.block_time === null ? null : BigInt(row.block_time) };
  }

  /**
   * A slot's transactions in execution order (a block's), read through the slot index. They come
   * back as one JSON text: the driver decoding hundreds of rows field by field (bytea, jsonb,
   * arrays) costs several times what the database spends finding them.
   */
  async blockTransactions(slot: bigint): Promise<TxRecord[]> {
    const result = await this.db.execute(sql`
      select coalesce(json_agg(json_build_array(signature, seq::text, block_time::text, encode(raw, 'base64'), account_keys, err,
        fee::text, compute_units::text, meta, memo) order by seq), '[]')::text as list
      from ledger_transactions where slot = ${slot.toString()}::int8`);
    const rows = rowsOf<{ list: string }>(result);
    type Row = [string, string, string, string, string[], TxErrorJson | null, string, string, StoredMeta, string | null];
    return (JSON.parse(rows[0].list) as Row[]).map(([signature, seq, blockTime, raw, accountKeys, err, fee, computeUnits, meta, memo]) => ({
      signature, seq: BigInt(seq), slot, blockTime: BigInt(blockTime), raw: new Uint8Array(Buffer.from(raw, 'base64')), accountKeys, err,
      fee: BigInt(fee), computeUnits: BigInt(computeUnits), meta, memo,
    }));
  }

  /**
   * A slot's signatures in execution order as a JSON array's text, and the block time its
   * transactions were stamped with: one text from the database, not a row per signature to decode.
   */
  async blockSignatures(slot: bigint): Promise<{ signatures: string; blockTime: bigint | null }> {
    const result = await this.db.execute(sql`
      select coalesce(json_agg(signature order by seq), '[]')::text as list, min(block_time)::text as block_time
      from ledger_transactions where slot = ${slot.toString()}::int8`);
    type Row = { list: string; block_time: string | null };
    const [row] = rowsOf<Row>(result);
    return { signatures: row.list, blockTime: row.block_time === null ? null : BigInt(row.block_time) };
  }

  /** The block time stamped on a slot's transactions, or null for a slot without any. */
  async slotBlockTime(slot: bigint): Promise<bigint | null> {
    const [row] = await this.db.select({ blockTime: ledgerTransactions.blockTime }).from(ledgerTransactions)
      .where(eq(ledgerTransactions.slot, slot)).limit(1);
    return row ? row.blockTime : null;
  }

  async transactionCount(): Promise<bigint> {
    return this.maxSeq();
  }
}

function accountRow(a: AccountRecord) {
  return { ...a, rentEpoch: a.rentEpoch.toString() };
}
