// Wallet and chain failures as the messages the spec shows ('Creation failed' descriptions,
// section 8). Matching is on message text: wallets and RPC nodes disagree on error classes.

export const TX_ERROR = {
  cancelled: 'Transaction cancelled by user',
  insufficientSol: 'Insufficient SOL balance for transaction',
  reconnect: 'Please reconnect your wallet and try again',
  failed: 'Transaction failed. Please try again',
} as const;

const INSUFFICIENT = [
  /insufficient (funds|lamports|balance)/i,
  /InsufficientFunds/,
  // The real node error when the fee payer has never held SOL.
  /Attempt to debit an account but found no record of a prior credit/i,
];
const RECONNECT = [/WalletNotConnected/, /WalletDisconnected/, /wallet (is )?not connected/i, /WalletNotSelected/, /WalletAccountError/];
const FAILED = [
  /Transaction simulation failed/i,
  /Blockhash not found/i,
  /block height exceeded/i,
  /TransactionExpired/,
  /was not confirmed/i,
  /custom program error/i,
  /^Transaction failed:/,
];

function describe(err: unknown): { name: string; message: string } {
  if (err instanceof Error) {
    // wallet-adapter wraps the wallet's own error; its message is often the useful part.
    const inner = (err as { error?: unknown }).error;
    const innerMessage = inner instanceof Error ? inner.message : typeof inner === 'object' && inner && 'message' in inner ? String(inner.message) : '';
    return { name: err.name, message: [err.message, innerMessage].filter(Boolean).join(' ') };
  }
  if (typeof err === 'string') return { name: '', message: err };
  if (err && typeof err === 'object' && 'message' in err) return { name: '', message: String(err.message) };
  return { name: '', message: '' };
}

/** The message to show for a failed wallet/chain action; `fallback` when nothing is known. */
export function txErrorMessage(err: unknown, fallback: string): string {
  const { name, message } = describe(err);
  const text = `${name} ${message}`;
  if (/User rejected/i.test(text) || name === 'WalletWindowClosedError') return TX_ERROR.cancelled;
  if (INSUFFICIENT.some((re) => re.test(text))) return TX_ERROR.insufficientSol;
  if (RECONNECT.some((re) => re.test(text))) return TX_ERROR.reconnect;
  if (FAILED.some((re) => re.test(text))) return TX_ERROR.failed;
  return message.trim() || fallback;
}

/** True when the person said no in their wallet: such errors are not reported. */
export function isUserRejection(err: unknown): boolean {
  return txErrorMessage(err, '') === TX_ERROR.cancelled
    || (typeof err === 'object' && err !== null && (err as { error?: { code?: unknown } }).error?.code === 4001);
}
