import { LEDGER_METHOD_NAMES } from '../rpc/handler';
import { SUBSCRIBE_METHODS, UNSUBSCRIBE_METHODS } from '../pubsub/subscription';

/**
 * JSON-RPC methods the gateway forwards to a real cluster's provider: what wallets and the app
 * call, plus the cheap, bounded cluster methods. Blocks and block ranges (a multi-MB answer),
 * all-accounts scans (getSupply, getLargestAccounts) and the cluster-wide lists
 * (getClusterNodes, getVoteAccounts, getLeaderSchedule, getSlotLeaders, getBlockProduction,
 * getInflationReward, getHighestSnapshotSlot) are not forwarded: through our provider key at 10
 * calls per 5 s per client they help nobody, and an explorer talks to the cluster itself.
 */
export const CLUSTER_METHODS: ReadonlySet<string> = new Set([
  'getHealth', 'getVersion', 'getIdentity', 'getGenesisHash', 'getSlot', 'getBlockHeight', 'getEpochInfo', 'getEpochSchedule',
  'getLatestBlockhash', 'isBlockhashValid', 'getFeeForMessage', 'getMinimumBalanceForRentExemption', 'getTransactionCount',
  'getBalance', 'getAccountInfo', 'getMultipleAccounts', 'getProgramAccounts', 'getTokenAccountBalance', 'getTokenAccountsByOwner',
  'getTokenAccountsByDelegate', 'getTokenSupply', 'getTokenLargestAccounts', 'sendTransaction', 'simulateTransaction',
  'getSignatureStatuses', 'getSignaturesForAddress', 'getTransaction', 'getBlockTime', 'getBlockCommitment',
  'getFirstAvailableBlock', 'minimumLedgerSlot', 'getRecentPrioritizationFees', 'getInflationGovernor', 'getInflationRate',
  'getSlotLeader', 'getStakeMinimumDelegation', 'getRecentPerformanceSamples', 'getMaxRetransmitSlot', 'getMaxShredInsertSlot',
]);

/**
 * Methods forwarded to a Causemint ledger process (SOLANA_CLUSTER=localnet, the fleet): all
 * it serves, so a client behind a web process sees the same RPC as one on a single process.
 * requestAirdrop goes through the faucet policy first.
 */
export const LOCALNET_METHODS: ReadonlySet<string> = new Set(LEDGER_METHOD_NAMES);

/** PubSub methods relayed, in both modes: every subscription the local ledger serves. */
export const PUBSUB_METHODS: ReadonlySet<string> = new Set([...SUBSCRIBE_METHODS, ...UNSUBSCRIBE_METHODS]);
