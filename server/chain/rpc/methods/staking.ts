import { SLOTS_PER_EPOCH } from '../../ledger/programs';
import { STAKE_PROGRAM, VOTE_PROGRAM } from '../../parse/programs';
import { readStakeDelegation } from '../../parse/stake';
import { readVoteState, type VoteState } from '../../parse/vote';
import { NotParsable } from '../../parse/reader';
import { checkMinContextSlot, withContext, type MethodTable, type RpcContext } from '../context';
import { blockNotAvailable } from '../errors';
import { addressListParam, configParam, optionalNumber, pubkeyParam } from '../params';
import { stakeMinimumDelegation } from '../stakeMinimum';

/** DELINQUENT_VALIDATOR_SLOT_DISTANCE and MAX_RPC_VOTE_ACCOUNT_INFO_EPOCH_CREDITS_HISTORY. */
const DELINQUENT_SLOT_DISTANCE = 128n;
const EPOCH_CREDITS_HISTORY = 5;
const MAX_ADDRESSES = 100;
const U64_MAX = 2n ** 64n - 1n;

/** This ledger pays no inflation: agave's Inflation::new_disabled(). */
// Agave's Inflation::default(), what solana-test-validator reports. The rate is stated as a
// validator states it; this ledger pays no inflation rewards (getInflationReward says so per address).
const INFLATION = { initial: 0.08, terminal: 0.015, taper: 0.15, foundation: 0.05, foundationTerm: 7 };
// Agave's slots_per_year at the default 64 ticks a slot and 160 ticks a second (0.4 s slots).
const SLOTS_PER_YEAR = (365.242_199 * 24 * 60 * 60) / (64 / 160);

/** Agave's Inflation::total, ::foundation and ::validator at `year` (years since the genesis, fractional). */
export function inflationAt(year: number): { total: number; validator: number; foundation: number } {
  const total = Math.max(INFLATION.initial * (1 - INFLATION.taper) ** year, INFLATION.terminal);
  const foundation = year < INFLATION.foundationTerm ? total * INFLATION.foundation : 0;
  return { total, validator: total - foundation, foundation };
}

/**
 * A delegation's effective stake in `epoch`, as agave's stake_activating_and_deactivating
 * computes it with an empty stake history (LiteSVM keeps none): fully active the epoch after
 * activation, gone the epoch after deactivation.
 */
function effectiveStake(d: { stake: bigint; activationEpoch: bigint; deactivationEpoch: bigint }, epoch: bigint): bigint {
  if (d.activationEpoch === d.deactivationEpoch) return 0n;
  const active = d.activationEpoch === U64_MAX || d.activationEpoch < epoch;
  return active && epoch <= d.deactivationEpoch ? d.stake : 0n;
}

function activatedStakeByVoter(ctx: RpcContext): Map<string, bigint> {
  const byVoter = new Map<string, bigint>();
  for (const { account } of ctx.ledger.getProgramAccounts(STAKE_PROGRAM)) {
    const d = readStakeDelegation(account.data);
    if (d) byVoter.set(d.voter, (byVoter.get(d.voter) ?? 0n) + effectiveStake(d, ctx.ledger.epoch));
  }
  return byVoter;
}

function voteStateOf(data: Uint8Array): VoteState | null {
  try { return readVoteState(data); } catch (err) { if (err instanceof NotParsable) return null; throw err; }
}

/** Vote accounts, stake and inflation. This node does not vote, so only vote accounts people create appear. */
export const stakingMethods: MethodTable = {
  getVoteAccounts: (params, ctx) => {
    const config = configParam(params, 0);
    const only = config.votePubkey === undefined || config.votePubkey === null ? undefined : pubkeyParam(config.votePubkey);
    const distance = BigInt(optionalNumber(config, 'delinquentSlotDistance') ?? DELINQUENT_SLOT_DISTANCE);
    const stakes = activatedStakeByVoter(ctx);
    const slot = ctx.ledger.slot;
    const current: unknown[] = []; const delinquent: unknown[] = [];
    const accounts = ctx.ledger.getProgramAccounts(VOTE_PROGRAM).sort((a, b) => (a.address < b.address ? -1 : 1));
    for (const { address, account } of accounts) {
      if (only !== undefined && address !== only) continue;
      const state = voteStateOf(account.data);
      if (!state) continue;
      const activatedStake = stakes.get(address) ?? 0n;
      const lastVote = state.votes.at(-1)?.slot ?? 0;
      const info = {
        votePubkey: address, nodePubkey: state.nodePubkey, activatedStake, commission: state.commission,
        epochVoteAccount: activatedStake > 0n,
        epochCredits: state.epochCredits.slice(-EPOCH_CREDITS_HISTORY).map((c) => [c.epoch, c.credits, c.previousCredits]),
        lastVote, rootSlot: state.rootSlot ?? 0,
      };
      const isCurrent = slot >= distance ? BigInt(lastVote) > slot - distance : lastVote > 0;
      if (isCurrent) current.push(info);
      else if (config.keepUnstakedDelinquents === true || activatedStake > 0n) delinquent.push(info);
    }
    return { current, delinquent };
  },
  getInflationGovernor: () => INFLATION,
  // As agave's get_inflation_rate: at the first slot of the current epoch (slot_in_year_for_inflation).
  getInflationRate: (_params, ctx) => ({
    ...inflationAt(Number(ctx.ledger.epoch * SLOTS_PER_EPOCH) / SLOTS_PER_YEAR), epoch: Number(ctx.ledger.epoch),
  }),
  getInflationReward: (params, ctx) => {
    const addresses = addressListParam(params, 0, 'addresses', MAX_ADDRESSES);
    const config = configParam(params, 1);
    checkMinContextSlot(ctx, config);
    const current = ctx.ledger.epoch;
    const asked = optionalNumber(config, 'epoch');
    const epoch = asked === undefined ? (current > 0n ? current - 1n : 0n) : BigInt(asked);
    // An epoch's rewards are paid in the first block of the next epoch: until it exists, agave has no block to read them from.
    const boundary = (epoch + 1n) * SLOTS_PER_EPOCH;
    if (boundary > ctx.ledger.lastBlockSlot) throw blockNotAvailable(boundary);
    // That block paid nothing: no inflation, no stake rewards.
    return addresses.map(() => null);
  },
  getStakeMinimumDelegation: (params, ctx) => {
    checkMinContextSlot(ctx, configParam(params, 0));
    return withContext(ctx, stakeMinimumDelegation(ctx.ledger));
  },
};
