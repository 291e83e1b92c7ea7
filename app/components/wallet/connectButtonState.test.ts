import { describe, expect, it } from 'vitest';
import { connectButtonState, type ConnectButtonInput } from './connectButtonState';

const base: ConnectButtonInput = { status: { phase: 'idle' }, connecting: false, isMobile: false, detecting: false, hasWallet: true };

describe('connect button', () => {
  it('offers the wallet dialog when a wallet is available, or while still detecting', () => {
    expect(connectButtonState(base)).toEqual({ label: 'Connect Wallet', action: 'open-dialog' });
    expect(connectButtonState({ ...base, hasWallet: false, detecting: true })).toEqual({ label: 'Connect Wallet', action: 'open-dialog' });
  });

  it('counts auto-reconnect attempts out of 3 tries', () => {
    expect(connectButtonState({ ...base, status: { phase: 'retrying', attempt: 2 } }).label).toBe('Connecting (Retry 2/3)');
    expect(connectButtonState({ ...base, status: { phase: 'retrying', attempt: 3 }, connecting: true }).label).toBe('Connecting (Retry 3/3)');
    expect(connectButtonState({ ...base, connecting: true })).toEqual({ label: 'Connecting...', action: 'none' });
  });

  it('offers a retry after the attempts failed', () => {
    expect(connectButtonState({ ...base, status: { phase: 'failed' } })).toEqual({ label: 'Retry Connection', action: 'retry' });
  });

  it('without any wallet: install on desktop, open the wallet app on mobile', () => {
    expect(connectButtonState({ ...base, hasWallet: false })).toEqual({ label: 'Install Phantom', action: 'install' });
    expect(connectButtonState({ ...base, hasWallet: false, isMobile: true })).toEqual({ label: 'Connect Phantom', action: 'open-in-phantom' });
  });
});
