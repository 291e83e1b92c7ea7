import { CONNECT_TRIES, type ConnectionPhase } from '../../solana/reconnect';

export type ConnectAction = 'open-dialog' | 'none' | 'retry' | 'open-in-phantom' | 'install';

export type ConnectButtonInput = {
  status: ConnectionPhase;
  connecting: boolean;
  isMobile: boolean;
  /** Still polling for a browser extension (up to 15 × 200 ms). */
  detecting: boolean;
  /** Any wallet usable here: an extension, or the Local wallet in local mode. */
  hasWallet: boolean;
  walletName?: string;
};

/** The disconnected wallet button: its label (spec 1 section 4, verbatim) and what a click does. */
export function connectButtonState(input: ConnectButtonInput): { label: string; action: ConnectAction } {
  const wallet = input.walletName ?? 'Phantom';
  if (input.status.phase === 'retrying') return { label: `Connecting (Retry ${input.status.attempt}/${CONNECT_TRIES})`, action: 'none' };
  if (input.connecting) return { label: 'Connecting...', action: 'none' };
  if (input.status.phase === 'failed') return { label: 'Retry Connection', action: 'retry' };
  if (!input.hasWallet && !input.detecting) {
    return input.isMobile
      ? { label: `Connect ${wallet}`, action: 'open-in-phantom' }
      : { label: `Install ${wallet}`, action: 'install' };
  }
  return { label: 'Connect Wallet', action: 'open-dialog' };
}
