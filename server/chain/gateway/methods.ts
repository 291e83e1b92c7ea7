/**
 * JSON-RPC methods /api/rpc serves (issue 3). The gateway to a real cluster forwards all of
 * them except requestAirdrop; the local ledger serves all of them (and more: the cluster
 * methods whose answers on a real cluster are large or costly to the provider, such as
 * getClusterNodes, getVoteAccounts, getLeaderSchedule, getSupply, getLargestAccounts or
 * getInflationReward, stay local-only).
 */
export const RPC_METHODS = [
  'getHealth', 'getVersion', 'getSlot', 'getBlockHeight', 'getEpochInfo', 'getLatestBlockhash', 'isBlockhashValid',
  'getFeeForMessage', 'getMinimumBalanceForRentExemption', 'getBalance', 'getAccountInfo', 'getMultipleAccounts',
  'getProgramAccounts', 'getTokenAccountBalance', 'getTokenAccountsByOwner', 'getTokenAccountsByDelegate', 'getTokenSupply',
  'getTokenLargestAccounts', 'sendTransaction', 'simulateTransaction', 'getSignatureStatuses', 'getSignaturesForAddress',
  'getTransaction', 'getInflationGovernor', 'getInflationRate', 'getSlotLeader', 'getStakeMinimumDelegation',
  'getRecentPerformanceSamples', 'requestAirdrop',
] as const;

/** Methods forwarded to a real cluster: airdrops are local-only. */
export const GATEWAY_METHODS: ReadonlySet<string> = new Set(RPC_METHODS.filter((m) => m !== 'requestAirdrop'));

/** PubSub methods, as a validator serves them on its websocket. */
export const PUBSUB_METHODS: ReadonlySet<string> = new Set([
  'signatureSubscribe', 'signatureUnsubscribe', 'accountSubscribe', 'accountUnsubscribe',
  'slotSubscribe', 'slotUnsubscribe', 'logsSubscribe', 'logsUnsubscribe',
]);
