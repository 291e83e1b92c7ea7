import {
  WalletConfigError, WalletConnectionError, WalletDisconnectionError, WalletLoadError, WalletNotConnectedError, WalletNotReadyError,
  WalletSignMessageError, WalletSignTransactionError, WalletTimeoutError, WalletWindowClosedError,
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
    expect(classifyWalletError(new WalletSignTransactionError('Blockhash not found'))).toBe('action');
    expect(classifyWalletError(new WalletSignMessageError('nope'))).toBe('action');
    expect(classifyWalletError(new WalletNotConnectedError())).toBe('action');
  });

  it("gives a stalled extension 'Extension Issue' and any other wallet error the generic 'Error'", () => {
    expect(classifyWalletError(new WalletTimeoutError())).toBe('stalled');
    expect(classifyWalletError(new WalletLoadError('provider missing'))).toBe('stalled');
    expect(classifyWalletError(new WalletDisconnectionError('boom'))).toBe('unexpected');
    expect(classifyWalletError(new WalletConfigError())).toBe('unexpected');
    expect(classifyWalletError(new Error('something odd'))).toBe('unexpected');
    expect(classifyWalletError(new WalletWindowClosedError())).toBe('ignore');
  });

  it('suppresses window errors about lost extensions or the wallet', () => {
    expect(isSuppressedWindowError('Uncaught (in promise) Error: Could not establish connection. Receiving end does not exist.')).toBe(true);
    expect(isSuppressedWindowError('Phantom: provider injected twice')).toBe(true);
    expect(isSuppressedWindowError('TypeError: x is undefined')).toBe(false);
  });
});
