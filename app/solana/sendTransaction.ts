import { Transaction, type BlockhashWithExpiryBlockHeight, type Connection, type PublicKey, type VersionedTransaction } from '@solana/web3.js';

// Spec 1 section 9: commitment 'confirmed', confirmation timeout 60 s, then the client waits 2 s.
export const COMMITMENT = 'confirmed' as const;
export const CONFIRM_TIMEOUT_MS = 60_000;
export const POST_CONFIRM_WAIT_MS = 2_000;

export type TransactionSigner = {
  publicKey: PublicKey;
  signTransaction: <T extends Transaction | VersionedTransaction>(transaction: T) => Promise<T>;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Signs with the wallet and sends the raw transaction through this site's /api/rpc.
 * Not the wallet's signAndSendTransaction: that submits through the wallet's own RPC node,
 * which does not know the local ledger (and would bypass our gateway on a real cluster).
 * A legacy transaction without a fee payer or blockhash gets the wallet and a fresh one.
 */
export async function signSendAndConfirm(
  connection: Connection,
  wallet: TransactionSigner,
  transaction: Transaction | VersionedTransaction,
  options: { timeoutMs?: number; settleMs?: number } = {},
): Promise<string> {
  const latest = await connection.getLatestBlockhash(COMMITMENT);
  if (transaction instanceof Transaction) {
    transaction.feePayer ??= wallet.publicKey;
    transaction.recentBlockhash ??= latest.blockhash;
  }
  const signed = await wallet.signTransaction(transaction);
  const signature = await connection.sendRawTransaction(signed.serialize(), { preflightCommitment: COMMITMENT });
  await confirmSignature(connection, signature, latest, options.timeoutMs ?? CONFIRM_TIMEOUT_MS);
  await sleep(options.settleMs ?? POST_CONFIRM_WAIT_MS);
  return signature;
}

/**
 * Waits for 'confirmed'. `latest` bounds the wait by block height: a transaction built on an
 * older blockhash expires no later than one fetched now.
 */
export async function confirmSignature(
  connection: Connection,
  signature: string,
  latest: BlockhashWithExpiryBlockHeight,
  timeoutMs = CONFIRM_TIMEOUT_MS,
): Promise<void> {
  const abort = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      abort.abort();
      reject(new Error(`Transaction was not confirmed in ${Math.round(timeoutMs / 1000)} seconds`));
    }, timeoutMs);
  });
  try {
    const result = await Promise.race([
      connection.confirmTransaction({ signature, ...latest, abortSignal: abort.signal }, COMMITMENT),
      timeout,
    ]);
    if (result.value.err) throw new Error(`Transaction failed: ${JSON.stringify(result.value.err)}`);
  } finally {
    clearTimeout(timer);
    abort.abort();
  }
}
