import { SLOTS_PER_EPOCH } from '../../ledger/programs';
import { checkMinContextSlot, type MethodTable, type RpcContext } from '../context';
import { invalidParams } from '../errors';
import { RawJson } from '../json';
import { configParam, pubkeyParam, requireParam, type Config } from '../params';

/** MAX_GET_SLOT_LEADERS. */
const MAX_SLOT_LEADERS = 5000;

const identity = (ctx: RpcContext) => ctx.ledger.faucet.publicKey.toBase58();

/** A validator knows leader schedules up to the next epoch (leaderScheduleSlotOffset is one epoch). */
const leaderScheduleEpoch = (ctx: RpcContext) => ctx.ledger.epoch + 1n;

// Every slot index of an epoch, 0 to 431,999: this node leads all of them. Built once as JSON
// text (3 MB), as the answer is the same for every epoch.
let allSlotIndexes: RawJson | undefined;
const slotIndexes = () => (allSlotIndexes ??= new RawJson(`[${Array.from({ length: Number(SLOTS_PER_EPOCH) }, (_v, i) => i).join(',')}]`));

function u64Param(value: unknown, what: string): bigint {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw invalidParams(`Invalid params: ${what} must be a non-negative integer.`);
  return BigInt(value);
}

/** The leader schedule and slot leaders of a one-node ledger: this node (getIdentity's key) leads every slot. */
export const leaderMethods: MethodTable = {
  getLeaderSchedule: (params, ctx) => {
    // The first param is a slot or (newer clients) the config itself.
    const first = params[0];
    let slot: bigint | undefined;
    let config: Config;
    if (first !== null && typeof first === 'object' && !Array.isArray(first)) config = first as Config;
    else {
      if (first !== undefined && first !== null) slot = u64Param(first, 'slot');
      config = configParam(params, 1);
    }
    const wanted = config.identity === undefined || config.identity === null ? undefined : pubkeyParam(config.identity);
    const epoch = (slot ?? ctx.ledger.slot) / SLOTS_PER_EPOCH;
    if (epoch > leaderScheduleEpoch(ctx)) return null;
    const me = identity(ctx);
    return wanted === undefined || wanted === me ? { [me]: slotIndexes() } : {};
  },
  getSlotLeader: (params, ctx) => {
    checkMinContextSlot(ctx, configParam(params, 0));
    return identity(ctx);
  },
  getSlotLeaders: (params, ctx) => {
    const start = u64Param(requireParam(params, 0, 'start slot'), 'start slot');
    const limit = u64Param(requireParam(params, 1, 'limit'), 'limit');
    if (limit > MAX_SLOT_LEADERS) throw invalidParams(`Invalid limit; max ${MAX_SLOT_LEADERS}`);
    if (limit === 0n) return [];
    const lastEpoch = (start + limit - 1n) / SLOTS_PER_EPOCH;
    if (lastEpoch > leaderScheduleEpoch(ctx)) {
      const unavailable = start / SLOTS_PER_EPOCH > leaderScheduleEpoch(ctx) ? start / SLOTS_PER_EPOCH : leaderScheduleEpoch(ctx) + 1n;
      throw invalidParams(`Invalid slot range: leader schedule for epoch ${unavailable} is unavailable`);
    }
    return Array.from({ length: Number(limit) }, () => identity(ctx));
  },
};
