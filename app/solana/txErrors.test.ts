import { WalletNotConnectedError, WalletSignTransactionError } from '@solana/wallet-adapter-base';
import { SendTransactionError } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { isUserRejection, TX_ERROR, txErrorMessage } from './txErrors';

const fallback = 'Failed to create campaign';

describe('txErrorMessage', () => {
  it('reports a wallet rejection as cancelled by the user', () => {
    expect(txErrorMessage(new Error('User rejected the request.'), fallback)).toBe('Transaction cancelled by user');
    const wrapped = new WalletSignTransactionError('', new Error('User rejected the request.'));
    expect(txErrorMessage(wrapped, fallback)).toBe('Transaction cancelled by user');
    expect(isUserRejection(wrapped)).toBe(true);
    expect(isUserRejection({ error: { code: 4001 } })).toBe(true);
    expect(isUserRejection(new Error('Blockhash not found'))).toBe(false);
  });

  it('reports a missing balance as insufficient SOL', () => {
    const simulation = new SendTransactionError({
      action: 'send',
      signature: '',
      transactionMessage: 'Transaction simulation failed: Attempt to debit an account but found no record of a prior credit.',
      logs: [],
    });
    expect(txErrorMessage(simulation, fallback)).toBe('Insufficient SOL balance for transaction');
    expect(txErrorMessage(new Error('Program log: Error: insufficient lamports 10, need 20'), fallback)).toBe(TX_ERROR.insufficientSol);
    expect(txErrorMessage('custom program error: InsufficientFunds', fallback)).toBe(TX_ERROR.insufficientSol);
  });

  it('asks to reconnect when the wallet is gone', () => {
    expect(txErrorMessage(new WalletNotConnectedError(), fallback)).toBe('Please reconnect your wallet and try again');
    expect(txErrorMessage(new Error('Wallet not connected'), fallback)).toBe(TX_ERROR.reconnect);
  });

  it('reports chain failures as a failed transaction', () => {
    expect(txErrorMessage(new Error('Transaction simulation failed: Blockhash not found'), fallback)).toBe('Transaction failed. Please try again');
    expect(txErrorMessage(new Error('Signature abc has expired: block height exceeded.'), fallback)).toBe(TX_ERROR.failed);
    expect(txErrorMessage(new Error('Transaction was not confirmed in 60 seconds'), fallback)).toBe(TX_ERROR.failed);
  });

  it('otherwise passes the raw message through, else the fallback', () => {
    expect(txErrorMessage(new Error('Pool is closed'), fallback)).toBe('Pool is closed');
    expect(txErrorMessage(new Error(''), fallback)).toBe(fallback);
    expect(txErrorMessage(undefined, fallback)).toBe(fallback);
    expect(txErrorMessage(42, fallback)).toBe(fallback);
  });
});
