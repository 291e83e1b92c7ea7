import type { BlockEntries, TxRecord } from '../ledger/store';
import { stringifyPlain } from './json';
import { encodeTransactionWithMeta, type TxEncoding } from './transactionJson';

/**
 * How every stored entry ends: the meta's rewards last, then the version. getBlock's other forms
 * (rewards off, no version) swap this tail; it cannot occur inside a JSON string (a quote there
 * is always escaped), so the swap never touches a log line or an instruction's data.
 */
export const ENTRY_TAIL = { legacy: '"rewards":[]},"version":"legacy"}', v0: '"rewards":[]},"version":0}' } as const;

/**
 * A committed transaction's getBlock entries, `{transaction, meta, version}`, in the two
 * encodings explorers and SDKs ask for: rendered once as its row is written, so a full block is
 * read back as text instead of being decoded and encoded again on every first read.
 */
export function renderBlockEntries(record: TxRecord): BlockEntries {
  return { json: entryText(record, 'json'), parsed: entryText(record, 'jsonParsed') };
}

function entryText(record: TxRecord, encoding: TxEncoding): string {
  const { transaction, meta, version } = encodeTransactionWithMeta(record, encoding, true, true);
  const { rewards, ...rest } = meta as Record<string, unknown>;
  return stringifyPlain({ transaction, meta: { ...rest, rewards }, version });
}

/**
 * A block's joined stored entries in the form a request asks for: each tail swapped where rewards
 * are off (`null`) or the client reads no version (none). Without a version the block must hold
 * no v0 transaction (the caller refuses it), so only then is that looked for.
 */
export function entriesInForm(list: string, showRewards: boolean, withVersion: boolean): { text: string; anyV0: boolean } {
  if (showRewards && withVersion) return { text: list, anyV0: false };
  const anyV0 = !withVersion && list.includes(ENTRY_TAIL.v0);
  const rewards = showRewards ? '"rewards":[]}' : '"rewards":null}';
  const tail = (version: string) => (withVersion ? `${rewards},"version":${version}}` : `${rewards}}`);
  return { text: list.replaceAll(ENTRY_TAIL.legacy, tail('"legacy"')).replaceAll(ENTRY_TAIL.v0, tail('0')), anyV0 };
}
