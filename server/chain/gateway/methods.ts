/**
 * JSON-RPC methods /api/rpc serves (issue 3). The gateway to a real cluster forwards all of
 * them except requestAirdrop; the local ledger serves all of them.
 */
export const RPC_METHODS = [
  'getHealth', 'getVersion', 'getSlot', 'getBlockHeight', 'getEpochInfo', 'getLatestBlockhash', 'isBlockhashValid',
  'getFeeForMessage', 'getMinimumBalanceForRentExemption', 'getBalance', 'getAccountInfo', 'getMultipleAccounts',
  'getProgramAccounts', 'getTokenAccountBalance', 'getTokenAccountsByOwner', 'getTokenSupply', 'getTokenLargestAccounts',
  'sendTransaction', 'simulateTransaction', 'getSignatureStatuses', 'getSignaturesForAddress', 'getTransaction',
  'requestAirdrop',
] as const;

/** Methods forwarded to a real cluster: airdrops are local-only. */
export const GATEWAY_METHODS: ReadonlySet<string> = new Set(RPC_METHODS.filter((m) => m !== 'requestAirdrop'));

/** PubSub methods, as a validator serves them on its websocket. */
export const PUBSUB_METHODS: ReadonlySet<string> = new Set([
  'signatureSubscribe', 'signatureUnsubscribe', 'accountSubscribe', 'accountUnsubscribe',
  'slotSubscribe', 'slotUnsubscribe', 'logsSubscribe', 'logsUnsubscribe',
]);
