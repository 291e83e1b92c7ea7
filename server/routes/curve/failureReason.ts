// The reason beside 'Failed to execute swap' when the chain refused or failed a trade
// (spec 1 section 8: 'with the specific reason beside it where one is known'): the
// validator's own words for its error, never logs or internals.

import { txErrorMessage, type TxErrorJson } from '../../chain/ledger/txError';

// A quote's blockhash is the one it was built with: 'not found' means the quote outlived it.
const WORDS: Record<string, string> = { BlockhashNotFound: 'Blockhash expired' };

/** 'Transaction failed: Blockhash expired', 'Transaction failed: Error processing Instruction 1: custom program error: 0x1', ... */
export function transactionFailureReason(err: unknown): string {
  return `Transaction failed: ${describe(err)}`;
}

function describe(err: unknown): string {
  if (typeof err === 'string') {
    // An error name (the ledger's, a node's status) reads as the validator words it; any other
    // text is a node's free-form refusal (it may carry simulation logs): not repeated.
    if (!/^[A-Z][A-Za-z]+$/.test(err)) return 'the RPC node refused it';
    return WORDS[err] ?? txErrorMessage(err);
  }
  if (err && typeof err === 'object') return txErrorMessage(err as TxErrorJson);
  return 'unknown error';
}
