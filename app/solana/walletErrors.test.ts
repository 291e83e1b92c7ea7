import {
  WalletConnectionError, WalletNotConnectedError, WalletNotReadyError, WalletSignTransactionError,
} from '@solana/wallet-adapter-base';
import { describe, expect, it } from 'vitest';
import { classifyWalletError, isSuppressedWindowError } from './walletErrors';

describe('wallet error handler', () => {
  it('ignores user rejections silently', () => {
    expect(classifyWalletError(new WalletConnectionError('User rejected the request.'))).toBe('ignore');
    expect(classifyWalletError(new WalletSignTransactionError('', { code: 4001, message: 'no' }))).toBe('ignore');
  });

  it('flags a lost extension connection', () => {
    expect(classifyWalletError(new WalletConnectionError('Could not establish connection. Receiving end does not exist.'))).toBe('extension');
    expect(classifyWalletError(new Error('Receiving end does not exist'))).toBe('extension');
  });

  it('tells a missing wallet from a failed connection from other wallet errors', () => {
    expect(classifyWalletError(new WalletNotReadyError())).toBe('not-found');
    expect(classifyWalletError(new WalletConnectionError('Unexpected error'))).toBe('connection');
    expect(classifyWalletError(new WalletSignTransactionError('Blockhash not found'))).toBe('other');
    expect(classifyWalletError(new WalletNotConnectedError())).toBe('other');
  });

  it('suppresses window errors about lost extensions or the wallet', () => {
    expect(isSuppressedWindowError('Uncaught (in promise) Error: Could not establish connection. Receiving end does not exist.')).toBe(true);
    expect(isSuppressedWindowError('Phantom: provider injected twice')).toBe(true);
    expect(isSuppressedWindowError('TypeError: x is undefined')).toBe(false);
  });
});
