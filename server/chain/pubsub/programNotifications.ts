import bs58 from 'bs58';
import type { AccountRecord } from '../ledger/store';
import type { RpcContext } from '../rpc/context';
import { accountEncoding, encodeAccount, type AccountEncoding } from '../rpc/encoding';
import { INVALID_PARAMS, RpcError } from '../rpc/errors';
import { configParam } from '../rpc/params';
import { programFilters, type AccountFilter } from '../rpc/programFilters';
import { SharedResult } from './outbox';

/** What a programSubscribe watches: accounts owned by `program` that pass every filter. */
export type ProgramWatch = { program: string; encoding: AccountEncoding; filters: AccountFilter[] };

/**
 * programSubscribe's params as Agave reads them (rpc_pubsub.rs): the filters are checked
 * first, then the program id; `encoding` defaults to binary, base64+zstd is refused as
 * getProgramAccounts refuses it. Like Agave, `dataSlice` and `withContext` change nothing
 * in a notification: it always carries the whole account and its context.
 */
export function programWatchOf(params: unknown[]): ProgramWatch {
  const config = configParam(params, 1);
  const filters = programFilters(config);
  const program = pubsubPubkey(params[0]);
  return { program, encoding: accountEncoding(config, 'binary'), filters };
}

/** A pubkey param with the wording of Agave's PubSub (`param::<Pubkey>(.., "pubkey")`). */
export function pubsubPubkey(value: unknown): string {
  let bytes: Uint8Array | undefined;
  try { bytes = typeof value === 'string' ? bs58.decode(value) : undefined; } catch { bytes = undefined; }
  if (bytes?.length !== 32) throw new RpcError(INVALID_PARAMS, 'Invalid Request: Invalid pubkey provided');
  return value as string;
}

/**
 * A commit's programNotification results: only the accounts the commit wrote are
 * candidates, looked up by their owner, and each is encoded and stringified once per
 * encoding, however many subscriptions of that program pass their filters.
 */
export function programNotifications<W extends ProgramWatch>(
  ctx: RpcContext,
  watches: Map<string, Set<W>>,
  accounts: Map<string, AccountRecord>,
  notify: (watch: W, result: SharedResult) => void,
): void {
  for (const [address, record] of accounts) {
    const watching = watches.get(record.owner);
    if (!watching) continue;
    const byEncoding = new Map<AccountEncoding, SharedResult>();
    for (const watch of watching) {
      if (!watch.filters.every((f) => f(record.data))) continue;
      let result = byEncoding.get(watch.encoding);
      if (!result) { result = keyedAccount(ctx, address, record, watch.encoding); byEncoding.set(watch.encoding, result); }
      notify(watch, result);
    }
  }
}

function keyedAccount(ctx: RpcContext, address: string, record: AccountRecord, encoding: AccountEncoding): SharedResult {
  return new SharedResult({ context: { slot: record.updatedSlot }, value: { pubkey: address, account: encodeAccount(ctx, { ...record, address }, encoding, undefined, 'mark') } });
}
