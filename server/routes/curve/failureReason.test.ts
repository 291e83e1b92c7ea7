import { describe, expect, it } from 'vitest';
import { transactionFailureReason } from './failureReason';

// The reason beside 'Failed to execute swap': the chain's error in the validator's words.
describe('transactionFailureReason', () => {
  it('names an expired quote blockhash', () => {
    expect(transactionFailureReason('BlockhashNotFound')).toBe('Transaction failed: Blockhash expired');
  });

  it("names a program's error as a validator shows it", () => {
    expect(transactionFailureReason({ InstructionError: [1, { Custom: 1 }] }))
      .toBe('Transaction failed: Error processing Instruction 1: custom program error: 0x1');
    expect(transactionFailureReason({ InstructionError: [0, 'IncorrectProgramId'] }))
      .toBe('Transaction failed: Error processing Instruction 0: incorrect program id for instruction');
    expect(transactionFailureReason('AlreadyProcessed')).toBe('Transaction failed: This transaction has already been processed');
  });

  it("does not repeat a node's free-form refusal (it may carry simulation logs)", () => {
    const text = 'Simulation failed. \nMessage: Transaction simulation failed: Error processing Instruction 0. \nLogs: [\n  "Program log: secret"\n]';
    expect(transactionFailureReason(text)).toBe('Transaction failed: the RPC node refused it');
  });
});
