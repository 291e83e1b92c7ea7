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
    const byEncoding = new Map<AccountEncoding, SharedResult>();
    for (const watch of watching) {
      const encoding = watch.encoding ?? 'binary';
      let result = byEncoding.get(encoding);
      if (!result) {
        result = new SharedResult({ context: { slot: record.updatedSlot }, value: encodeAccount(ctx, { ...record, address }, encoding, undefined, 'mark') });
        byEncoding.set(encoding, result);
      }
      notify(watch, result);
    }
  }
}
