import { SLOTS_PER_EPOCH } from '../../ledger/programs';
import { bankSlot } from '../commitment';
import { API_VERSION, FEATURE_SET, type MethodTable } from '../context';
import { configParam } from '../params';

/** Node and clock: health, version, slot, epoch. Block height equals the slot: no slot is ever skipped here. */
export const clusterMethods: MethodTable = {
  getHealth: () => 'ok',
  getVersion: () => ({ 'solana-core': API_VERSION, 'feature-set': FEATURE_SET }),
  getSlot: (params, ctx) => Number(bankSlot(ctx, configParam(params, 0))),
  getBlockHeight: (params, ctx) => Number(bankSlot(ctx, configParam(params, 0))),
  getEpochInfo: (params, ctx) => {
    const slot = bankSlot(ctx, configParam(params, 0));
    return {
      absoluteSlot: Number(slot), blockHeight: Number(slot), epoch: Number(slot / SLOTS_PER_EPOCH),
      slotIndex: Number(slot % SLOTS_PER_EPOCH), slotsInEpoch: Number(SLOTS_PER_EPOCH), transactionCount: Number(ctx.ledger.transactionCountAt(slot)),
    };
  },
  getEpochSchedule: () => ({ firstNormalEpoch: 0, firstNormalSlot: 0, leaderScheduleSlotOffset: Number(SLOTS_PER_EPOCH), slotsPerEpoch: Number(SLOTS_PER_EPOCH), warmup: false }),
  getGenesisHash: (_params, ctx) => ctx.ledger.genesisHash,
  getIdentity: (_params, ctx) => ({ identity: ctx.ledger.faucet.publicKey.toBase58() }),
  getTransactionCount: (params, ctx) => Number(ctx.ledger.transactionCountAt(bankSlot(ctx, configParam(params, 0)))),
  getFirstAvailableBlock: () => 0,
  minimumLedgerSlot: () => 0,
  getMaxRetransmitSlot: (_params, ctx) => Number(ctx.ledger.slot),
  getMaxShredInsertSlot: (_params, ctx) => Number(ctx.ledger.slot),
};
