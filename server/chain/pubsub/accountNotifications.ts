import type { AccountRecord } from '../ledger/store';
import type { RpcContext } from '../rpc/context';
import { encodeAccount, type AccountEncoding } from '../rpc/encoding';
import { SharedResult } from './outbox';

/**
 * A commit's accountNotification results: for each watched account the commit wrote, its
 * post-state (in the context of the slot that wrote it) encoded and stringified once per
 * encoding, however many subscribe to it.
 */
export function accountNotifications<W extends { encoding?: AccountEncoding }>(
  ctx: RpcContext,
  watches: Map<string, Set<W>>,
  accounts: Map<string, AccountRecord>,
  notify: (watch: W, result: SharedResult) => void,
): void {
  for (const [address, watching] of watches) {
    const record = accounts.get(address);
    if (!record) continue;
    const byEncoding = new Map<AccountEncoding, SharedResult | null>();
    for (const watch of watching) {
      const encoding = watch.encoding ?? 'binary';
      if (!byEncoding.has(encoding)) byEncoding.set(encoding, encodedOrNothing(() => ({ context: { slot: record.updatedSlot }, value: encodeAccount(ctx, { ...record, address }, encoding) })));
      const result = byEncoding.get(encoding);
      if (result) notify(watch, result);
    }
  }
}

/** A notification's result, or none when the account cannot be rendered in its encoding. */
export function encodedOrNothing(render: () => unknown): SharedResult | null {
  try {
    return new SharedResult(render());
  } catch {
    // base58 of data over 128 bytes: getAccountInfo refuses it, a subscription sends nothing for it.
    return null;
  }
}
