export {
  ASSOCIATED_TOKEN_PROGRAM, COMPUTE_BUDGET_PROGRAM, MEMO_PROGRAM, MEMO_PROGRAM_V1, SYSTEM_PROGRAM,
  TOKEN_2022_PROGRAM, TOKEN_PROGRAM, isTokenProgram,
} from '../parse/programs';

export const LAMPORTS_PER_SIGNATURE = 5000n;
/** How many slots a blockhash stays valid (the validator's MAX_PROCESSING_AGE). */
export const MAX_BLOCKHASH_AGE = 150n;
export const SLOTS_PER_EPOCH = 432_000n;

