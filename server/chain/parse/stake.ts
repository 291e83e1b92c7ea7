import { ByteReader, NotParsable } from './reader';

function meta(r: ByteReader) {
  const rentExemptReserve = r.u64().toString();
  const authorized = { staker: r.pubkey(), withdrawer: r.pubkey() };
  const lockup = { unixTimestamp: Number(r.i64()), epoch: Number(r.u64()), custodian: r.pubkey() };
  return { rentExemptReserve, authorized, lockup };
}

function stake(r: ByteReader) {
  // Agave 2.2's UiDelegation still renders the deprecated warmup_cooldown_rate.
  const delegation = {
    voter: r.pubkey(), stake: r.u64().toString(), activationEpoch: r.u64().toString(), deactivationEpoch: r.u64().toString(),
    warmupCooldownRate: r.f64(),
  };
  return { delegation, creditsObserved: Number(r.u64()) };
}

/** A stake account's delegation as the vote and supply methods read it. */
export type StakeDelegation = { voter: string; stake: bigint; activationEpoch: bigint; deactivationEpoch: bigint };

/** agave parse_stake.rs (StakeStateV2 under bincode): amounts and epochs of the delegation as strings. */
export function parseStake(data: Uint8Array): { type: string; info?: unknown } {
  const r = new ByteReader(data);
  switch (r.u32()) {
    case 0: return { type: 'uninitialized' };
    case 1: return { type: 'initialized', info: { meta: meta(r), stake: null } };
    case 2: return { type: 'delegated', info: { meta: meta(r), stake: stake(r) } };
    case 3: return { type: 'rewardsPool' };
    default: throw new NotParsable('unknown stake state');
  }
}

/** The delegation of a delegated stake account, null for any other state. */
export function readStakeDelegation(data: Uint8Array): StakeDelegation | null {
  try {
    const r = new ByteReader(data);
    if (r.u32() !== 2) return null;
    r.bytesOf(120); // meta
    return { voter: r.pubkey(), stake: r.u64(), activationEpoch: r.u64(), deactivationEpoch: r.u64() };
  } catch (err) {
    if (err instanceof NotParsable) return null;
    throw err;
  }
}
