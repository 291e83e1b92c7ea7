import { COMPUTE_BUDGET_PROGRAM, LAMPORTS_PER_SIGNATURE } from './programs';
import type { WireTransaction } from './wire';

const DEFAULT_UNITS_PER_INSTRUCTION = 200_000n;
const MAX_UNITS = 1_400_000n;

/** The fee a validator charges: 5,000 lamports a signature plus the compute-unit price bid. */
export function transactionFee(tx: WireTransaction): bigint {
  let price = 0n;
  let limit: bigint | undefined;
  let otherInstructions = 0n;
  for (const ix of tx.instructions) {
    if (tx.staticKeys[ix.programIdIndex] !== COMPUTE_BUDGET_PROGRAM) { otherInstructions += 1n; continue; }
    const view = new DataView(ix.data.buffer, ix.data.byteOffset, ix.data.byteLength);
    if (ix.data[0] === 2 && ix.data.length >= 5) limit = BigInt(view.getUint32(1, true));
    if (ix.data[0] === 3 && ix.data.length >= 9) price = view.getBigUint64(1, true);
  }
  const units = limit ?? (otherInstructions * DEFAULT_UNITS_PER_INSTRUCTION < MAX_UNITS ? otherInstructions * DEFAULT_UNITS_PER_INSTRUCTION : MAX_UNITS);
  const priority = (price * units + 999_999n) / 1_000_000n;
  return BigInt(tx.header.numRequiredSignatures) * LAMPORTS_PER_SIGNATURE + priority;
}
