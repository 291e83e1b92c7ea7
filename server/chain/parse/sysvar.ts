import bs58 from 'bs58';
import { ByteReader, NotParsable, u64Number } from './reader';

/** SlotHistory's bit count (agave's slot_history::MAX_ENTRIES): the rendered `bits` string has this many characters. */
const SLOT_HISTORY_MAX_ENTRIES = 1024 * 1024;

type SysvarParser = (r: ByteReader) => { type: string; info: unknown };

const feeCalculator = (r: ByteReader) => ({ lamportsPerSignature: r.u64().toString() });
const hash = (r: ByteReader) => bs58.encode(r.bytesOf(32));
const num = (r: ByteReader) => u64Number(r.u64());
const inum = (r: ByteReader) => Number(r.i64());

function vec<T>(r: ByteReader, item: (r: ByteReader) => T): T[] {
  const len = r.u64();
  if (len > BigInt(r.remaining)) throw new NotParsable('vector longer than the data');
  return Array.from({ length: Number(len) }, () => item(r));
}

function slotHistoryBits(r: ByteReader): string {
  // bv's BitVec<u64> under bincode: Option<Box<[u64]>> blocks, then the bit length.
  const blocks = r.u8() === 1 ? vec(r, (b) => b.u64()) : [];
  r.u64();
  // Bit i is bit (i % 64) of block i / 64, printed lowest first.
  const zeros = '0'.repeat(64);
  const out: string[] = [];
  for (let b = 0; b < SLOT_HISTORY_MAX_ENTRIES / 64; b++) {
    const block = blocks[b];
    out.push(block ? [...block.toString(2).padStart(64, '0')].reverse().join('') : zeros);
  }
  return out.join('');
}

/** agave parse_sysvar.rs: each sysvar by its address, bincode layouts, serde's camelCase names. */
const SYSVARS: Record<string, SysvarParser> = {
  SysvarC1ock11111111111111111111111111111111: (r) => {
    const slot = num(r); const epochStartTimestamp = inum(r); const epoch = num(r); const leaderScheduleEpoch = num(r);
    return { type: 'clock', info: { slot, epoch, epochStartTimestamp, leaderScheduleEpoch, unixTimestamp: inum(r) } };
  },
  SysvarEpochSchedu1e111111111111111111111111: (r) => ({
    type: 'epochSchedule',
    info: { slotsPerEpoch: num(r), leaderScheduleSlotOffset: num(r), warmup: r.bool(), firstNormalEpoch: num(r), firstNormalSlot: num(r) },
  }),
  SysvarFees111111111111111111111111111111111: (r) => ({ type: 'fees', info: { feeCalculator: feeCalculator(r) } }),
  SysvarRecentB1ockHashes11111111111111111111: (r) => ({
    type: 'recentBlockhashes', info: vec(r, (e) => ({ blockhash: hash(e), feeCalculator: feeCalculator(e) })),
  }),
  SysvarRent111111111111111111111111111111111: (r) => ({
    type: 'rent', info: { lamportsPerByteYear: r.u64().toString(), exemptionThreshold: r.f64(), burnPercent: r.u8() },
  }),
  SysvarRewards111111111111111111111111111111: (r) => ({ type: 'rewards', info: { validatorPointValue: r.f64() } }),
  SysvarS1otHashes111111111111111111111111111: (r) => ({ type: 'slotHashes', info: vec(r, (e) => ({ slot: num(e), hash: hash(e) })) }),
  SysvarS1otHistory11111111111111111111111111: (r) => {
    const bits = slotHistoryBits(r);
    return { type: 'slotHistory', info: { nextSlot: num(r), bits } };
  },
  SysvarStakeHistory1111111111111111111111111: (r) => ({
    type: 'stakeHistory',
    info: vec(r, (e) => ({ epoch: num(e), stakeHistory: { effective: num(e), activating: num(e), deactivating: num(e) } })),
  }),
  SysvarLastRestartS1ot1111111111111111111111: (r) => ({ type: 'lastRestartSlot', info: { lastRestartSlot: num(r) } }),
  SysvarEpochRewards1111111111111111111111111: (r) => ({
    type: 'epochRewards',
    info: {
      distributionStartingBlockHeight: num(r), numPartitions: num(r), parentBlockhash: hash(r),
      totalPoints: r.u128().toString(), totalRewards: r.u64().toString(), distributedRewards: r.u64().toString(), active: r.bool(),
    },
  }),
};

/** A sysvar account's parsed form, or null (unknown sysvar, or bytes that do not decode: base64 instead). */
export function parseSysvar(address: string, data: Uint8Array): { type: string; info: unknown } | null {
  const parse = Object.hasOwn(SYSVARS, address) ? SYSVARS[address] : undefined;
  if (!parse) return null;
  // bincode::deserialize, as agave calls it, ignores trailing bytes.
  return parse(new ByteReader(data));
}
