import bs58 from 'bs58';
import { MAX_PERF_SAMPLES } from '../../ledger/performanceSamples';
import { API_VERSION, FEATURE_SET, type MethodTable, type RpcContext } from '../context';
import { invalidParams, NO_SNAPSHOT, RpcError } from '../errors';

/** agave's compute_shred_version with no hard forks: the genesis hash folded into 16 bits, never zero. */
export function shredVersion(genesisHash: string): number {
  const bytes = bs58.decode(genesisHash);
  const accum = [0, 0];
  for (let i = 0; i < bytes.length; i++) accum[i % 2] ^= bytes[i];
  return Math.min(0xffff, ((accum[0] << 8) | accum[1]) + 1);
}

/**
 * The cluster as gossip would show it: this node alone. It has no gossip, TPU, TVU or repair
 * sockets, and does not know the address its clients reach it by, so every socket is null.
 */
function thisNode(ctx: RpcContext) {
  return {
    pubkey: ctx.ledger.faucet.publicKey.toBase58(),
    gossip: null, tvu: null, tpu: null, tpuQuic: null, tpuForwards: null, tpuForwardsQuic: null, tpuVote: null, serveRepair: null,
    rpc: null, pubsub: null,
    version: API_VERSION, featureSet: FEATURE_SET, shredVersion: shredVersion(ctx.ledger.genesisHash),
  };
}

/** Gossip, snapshots and performance samples of a one-node ledger. */
export const nodeMethods: MethodTable = {
  getClusterNodes: (_params, ctx) => [thisNode(ctx)],
  // The ledger is persisted by its database, not by snapshot archives: a validator without snapshots answers this.
  getHighestSnapshotSlot: () => { throw new RpcError(NO_SNAPSHOT, 'No snapshot'); },
  getRecentPerformanceSamples: (params, ctx) => {
    const raw = params[0];
    let limit = MAX_PERF_SAMPLES;
    if (raw !== undefined && raw !== null) {
      if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 0) throw invalidParams('Invalid params: limit must be a non-negative integer.');
      limit = raw;
    }
    if (limit > MAX_PERF_SAMPLES) throw invalidParams(`Invalid limit; max ${MAX_PERF_SAMPLES}`);
    return ctx.ledger.performance.recent(limit);
  },
};
