import { describe, expect, it } from 'vitest';
import { creationFailedDescription } from './creationToasts';

describe("the 'Creation failed' description", () => {
  it.each<[unknown, string]>([
    [new Error('WalletSignTransactionError: User rejected the request.'), 'Transaction cancelled by user'],
    [new Error('Transaction simulation failed: Attempt to debit an account but found no record of a prior credit.'), 'Insufficient SOL balance for transaction'],
    [Object.assign(new Error(''), { name: 'WalletNotConnectedError' }), 'Please reconnect your wallet and try again'],
    [new Error('Transaction was not confirmed in 60 seconds'), 'Transaction failed. Please try again'],
    [new Error('The launch transaction expired before it landed: nothing was paid'), 'The launch transaction expired before it landed: nothing was paid'],
    [new Error(''), 'Failed to create campaign'],
    [undefined, 'Failed to create campaign'],
  ])('%s -> %s', (err, description) => {
    expect(creationFailedDescription(err)).toBe(description);
  });
});
