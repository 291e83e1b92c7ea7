import { PublicKey, Transaction, TransactionInstruction } from '@solana/web3.js';
import type { LocalLedger } from '../ledger/ledger';
import { STAKE_PROGRAM } from '../parse/programs';

/** StakeInstruction::GetMinimumDelegation: the stake program answers in its return data. */
const GET_MINIMUM_DELEGATION = 13;

const known = new WeakMap<LocalLedger, bigint>();

/**
 * The stake program's own minimum delegation (1 lamport, or 1 SOL once the feature that
 * raises it is active), asked by simulating its GetMinimumDelegation instruction. Features
 * never change on this ledger, so the answer is kept.
 */
export function stakeMinimumDelegation(ledger: LocalLedger): bigint {
  const cached = known.get(ledger);
  if (cached !== undefined) return cached;
  const data = Buffer.alloc(4);
  data.writeUInt32LE(GET_MINIMUM_DELEGATION);
  const tx = new Transaction({ feePayer: ledger.faucet.publicKey, recentBlockhash: ledger.latestBlockhash.blockhash })
    .add(new TransactionInstruction({ programId: new PublicKey(STAKE_PROGRAM), keys: [], data }));
  const raw = tx.serialize({ requireAllSignatures: false, verifySignatures: false });
  const result = ledger.simulate(raw, { sigVerify: false, replaceRecentBlockhash: true });
  if (result.err !== null || !result.returnData) throw new Error(`stake program refused GetMinimumDelegation: ${JSON.stringify(result.err)}`);
  const value = Buffer.from(result.returnData.data[0], 'base64').readBigUInt64LE(0);
  known.set(ledger, value);
  return value;
}
