// Spec 1 sections 4 and 9: auto-reconnect up to 2 attempts, each 1 s after a failure.
export const RECONNECT_ATTEMPTS = 2;
export const RECONNECT_DELAY_MS = 1_000;
/**
 * A connect still unanswered after this long is a stalled extension (spec 1 section 8
 * 'Extension Issue'). Long enough to read and approve the wallet's own window first.
 */
export const CONNECT_STALL_MS = 30_000;

/** What a stalled connect is reported as: wallet-adapter's own name for it, so it is classified as a timeout. */
export class ConnectStalledError extends Error {
  readonly error: unknown = undefined;
  constructor() {
    super('The wallet did not answer the connection request');
    this.name = 'WalletTimeoutError';
  }
}

/** The first try plus the retries: the 3 of 'Connecting (Retry n/3)'. */
export const CONNECT_TRIES = RECONNECT_ATTEMPTS + 1;

export type ConnectionPhase =
  | { phase: 'idle' }
  /** `attempt` counts tries including the first, so the retries are 2 and 3. */
  | { phase: 'retrying'; attempt: number }
  | { phase: 'failed' };

/** What follows a failed connection attempt, given how many retries were already made. */
export function afterConnectFailure(retriesDone: number): { retry: true; phase: ConnectionPhase } | { retry: false; phase: ConnectionPhase } {
  if (retriesDone < RECONNECT_ATTEMPTS) return { retry: true, phase: { phase: 'retrying', attempt: retriesDone + 2 } };
  return { retry: false, phase: { phase: 'failed' } };
}
