import { ByteReader, NotParsable } from './reader';

const DEFAULT_PUBKEY = '11111111111111111111111111111111';
const PRIOR_VOTERS = 32;

/** The fields of a vote account every version of its state has. */
export type VoteState = {
  nodePubkey: string;
  authorizedWithdrawer: string;
  commission: number;
  votes: { slot: number; confirmationCount: number }[];
  rootSlot: number | null;
  authorizedVoters: { epoch: number; authorizedVoter: string }[];
  priorVoters: { authorizedPubkey: string; epochOfLastAuthorizedSwitch: number; targetEpoch: number }[];
  epochCredits: { epoch: number; credits: bigint; previousCredits: bigint }[];
  lastTimestamp: { slot: number; timestamp: number };
};

const n = (r: ByteReader) => Number(r.u64());

function list<T>(r: ByteReader, item: (r: ByteReader) => T): T[] {
  const len = r.u64();
  if (len > BigInt(r.remaining)) throw new NotParsable('list longer than the data');
  return Array.from({ length: Number(len) }, () => item(r));
}

const lockout = (r: ByteReader) => ({ slot: n(r), confirmationCount: r.u32() });
const landedVote = (r: ByteReader) => { r.u8(); return lockout(r); }; // latency: not rendered
const rootSlot = (r: ByteReader) => (r.u8() === 1 ? n(r) : null);
const epochCredits = (r: ByteReader) => list(r, (e) => ({ epoch: n(e), credits: e.u64(), previousCredits: e.u64() }));
const lastTimestamp = (r: ByteReader) => ({ slot: n(r), timestamp: Number(r.i64()) });

function priorVoters(r: ByteReader, withSlot: boolean) {
  const out: VoteState['priorVoters'] = [];
  for (let i = 0; i < PRIOR_VOTERS; i++) {
    const authorizedPubkey = r.pubkey(); const epochOfLastAuthorizedSwitch = n(r); const targetEpoch = n(r);
    if (withSlot) r.u64();
    if (authorizedPubkey !== DEFAULT_PUBKEY) out.push({ authorizedPubkey, epochOfLastAuthorizedSwitch, targetEpoch });
  }
  r.u64(); // idx
  if (!withSlot) r.u8(); // is_empty
  return out;
}

/** VoteStateVersions under bincode: 0.23.5, 1.14.11, V3 and V4 (SIMD-0185, what the vote program now writes). */
export function readVoteState(data: Uint8Array): VoteState {
  const r = new ByteReader(data);
  const version = r.u32();
  if (version === 0) {
    const nodePubkey = r.pubkey(); const authorizedVoter = r.pubkey(); const epoch = n(r);
    const prior = priorVoters(r, true);
    const authorizedWithdrawer = r.pubkey(); const commission = r.u8();
    const votes = list(r, lockout);
    return {
      nodePubkey, authorizedWithdrawer, commission, votes, rootSlot: rootSlot(r), authorizedVoters: [{ epoch, authorizedVoter }],
      priorVoters: prior, epochCredits: epochCredits(r), lastTimestamp: lastTimestamp(r),
    };
  }
  if (version === 3) {
    const nodePubkey = r.pubkey(); const authorizedWithdrawer = r.pubkey();
    r.pubkey(); r.pubkey(); // inflation-rewards and block-revenue collectors: not rendered
    const inflationRewardsCommissionBps = r.u16();
    r.u16(); r.u64(); // block-revenue commission, pending delegator rewards
    const hasBls = r.u8();
    if (hasBls > 1) throw new NotParsable('bad option tag');
    if (hasBls === 1) r.bytesOf(48);
    const votes = list(r, landedVote);
    const root = rootSlot(r);
    const authorizedVoters = list(r, (e) => ({ epoch: n(e), authorizedVoter: e.pubkey() }));
    // agave renders V4's basis points as a percentage, and V4 keeps no prior voters.
    return {
      nodePubkey, authorizedWithdrawer, commission: Math.floor(inflationRewardsCommissionBps / 100), votes, rootSlot: root,
      authorizedVoters, priorVoters: [], epochCredits: epochCredits(r), lastTimestamp: lastTimestamp(r),
    };
  }
  if (version !== 1 && version !== 2) throw new NotParsable('unknown vote state version');
  const nodePubkey = r.pubkey(); const authorizedWithdrawer = r.pubkey(); const commission = r.u8();
  const votes = list(r, version === 1 ? lockout : landedVote);
  const root = rootSlot(r);
  const authorizedVoters = list(r, (e) => ({ epoch: n(e), authorizedVoter: e.pubkey() }));
  return {
    nodePubkey, authorizedWithdrawer, commission, votes, rootSlot: root, authorizedVoters,
    priorVoters: priorVoters(r, false), epochCredits: epochCredits(r), lastTimestamp: lastTimestamp(r),
  };
}

/** agave parse_vote.rs: credits as strings, everything else as numbers. */
export function parseVote(data: Uint8Array): { type: 'vote'; info: unknown } {
  const s = readVoteState(data);
  return {
    type: 'vote',
    info: {
      nodePubkey: s.nodePubkey, authorizedWithdrawer: s.authorizedWithdrawer, commission: s.commission, votes: s.votes,
      rootSlot: s.rootSlot, authorizedVoters: s.authorizedVoters, priorVoters: s.priorVoters,
      epochCredits: s.epochCredits.map((c) => ({ epoch: c.epoch, credits: c.credits.toString(), previousCredits: c.previousCredits.toString() })),
      lastTimestamp: s.lastTimestamp,
    },
  };
}
