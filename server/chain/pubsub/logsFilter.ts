import { INVALID_PARAMS, RpcError } from '../rpc/errors';
import { pubkeyParam } from '../rpc/params';

/** logsSubscribe's filter: 'all' / 'allWithVotes' (undefined), or the one address of `{ mentions: [address] }`. */
export function logsFilter(filter: unknown): string | undefined {
  if (filter && typeof filter === 'object' && Array.isArray((filter as { mentions?: unknown }).mentions)) {
    const list = (filter as { mentions: unknown[] }).mentions;
    if (list.length !== 1) throw new RpcError(INVALID_PARAMS, 'Invalid Request: Only 1 address supported');
    return pubkeyParam(list[0]);
  }
  if (filter !== 'all' && filter !== 'allWithVotes') {
    throw new RpcError(INVALID_PARAMS, 'Invalid params: expected "all", "allWithVotes" or { mentions: [address] }.');
  }
  return undefined;
}
