import { Transaction, VersionedTransaction, type Connection, type SignatureStatus, type Signer, type TransactionSignature } from '@solana/web3.js';

export class TransactionFailedError extends Error {
  constructor(readonly signature: string, readonly err: unknown) {
    super(`Transaction ${signature} failed: ${JSON.stringify(err)}`);
  }
}

/** Refused before it could land (a failed preflight, or dropped): nothing changed and no fee was paid. */
export class TransactionRejectedError extends Error {
  constructor(readonly err: unknown, readonly logs: string[] = []) {
    super(`Transaction not sent: ${JSON.stringify(err)}`);
  }
}

/**
 * The program's custom error code behind a failed or refused send, whichever way it was told:
 * the chain's InstructionError (landed or refused locally) or a cluster's preflight message.
 */
export function customErrorCode(err: unknown): number | null {
  const chainErr = err instanceof TransactionFailedError || err instanceof TransactionRejectedError ? err.err : null;
  const custom = (chainErr as { InstructionError?: [number, { Custom?: number }] } | null)?.InstructionError?.[1]?.Custom;
  if (typeof custom === 'number') return custom;
  const hex = err instanceof Error ? /custom program error: 0x([0-9a-f]+)/i.exec(err.message)?.[1] : undefined;
  return hex ? parseInt(hex, 16) : null;
}

/**
 * Whether a send certainly did not land because its blockhash had expired (or was never known):
 * the local ledger's or a cluster's BlockhashNotFound refusal, or confirmSignature's expiry.
 */
export function blockhashExpired(err: unknown): boolean {
  if (err instanceof TransactionFailedError || err instanceof TransactionRejectedError) return err.err === 'BlockhashNotFound';
  return err instanceof Error && /Blockhash not found|expired: its blockhash is no longer valid/i.test(err.message);
}

export type SendAndConfirmOptions = { skipPreflight?: boolean; timeoutMs?: number };

/**
 * Signs (when signers are given), sends and waits until the transaction is confirmed, by
 * polling getSignatureStatuses: it works over the in-process local connection (which has no
 * websocket) and over a real cluster alike. Throws TransactionFailedError when it landed
 * with an error, and an Error when its blockhash expired before it landed.
 */
export async function sendAndConfirm(
  connection: Connection, tx: Transaction | VersionedTransaction, signers: Signer[] = [], options: SendAndConfirmOptions = {},
): Promise<TransactionSignature> {
  let lastValidBlockHeight: number | undefined;
  if (tx instanceof Transaction) {
    if (!tx.recentBlockhash) {
      const latest = await connection.getLatestBlockhash('confirmed');
      tx.recentBlockhash = latest.blockhash;
      lastValidBlockHeight = latest.lastValidBlockHeight;
    }
    if (!tx.feePayer && signers[0]) tx.feePayer = signers[0].publicKey;
    if (signers.length) tx.partialSign(...signers);
  } else if (signers.length) {
    tx.sign(signers);
  }
  const raw = tx.serialize();
  const signature = await connection.sendRawTransaction(raw, { skipPreflight: options.skipPreflight ?? false, preflightCommitment: 'confirmed' });
  await confirmSignature(connection, signature, { tx, lastValidBlockHeight, timeoutMs: options.timeoutMs });
  return signature;
}

/**
 * Waits until a sent transaction is confirmed, by polling getSignatureStatuses (no
 * websocket needed), and gives its status. Throws TransactionFailedError when it landed
 * with an error, and an Error when its blockhash (known from `tx`, or given) expired first
 * or the time ran out.
 */
export async function confirmSignature(
  connection: Connection, signature: string,
  { tx, blockhash, lastValidBlockHeight, timeoutMs = 90_000 }: {
    tx?: Transaction | VersionedTransaction; blockhash?: string; lastValidBlockHeight?: number; timeoutMs?: number;
  } = {},
): Promise<SignatureStatus> {
  const deadline = Date.now() + timeoutMs;
  let limit = lastValidBlockHeight;
  for (let attempt = 0; ; attempt++) {
    const { value: [status] } = await connection.getSignatureStatuses([signature]);
    if (status && (status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized')) {
      if (status.err) throw new TransactionFailedError(signature, status.err);
      return status;
    }
    if (Date.now() > deadline) throw new Error(`Transaction ${signature} was not confirmed in time`);
    const sentWith = blockhash ?? (tx instanceof Transaction ? tx.recentBlockhash : tx?.message.recentBlockhash);
    if (sentWith && attempt % 4 === 3) {
      limit ??= await blockHeightLimit(connection, sentWith);
      if (limit !== undefined && await connection.getBlockHeight('confirmed') > limit) {
        throw new Error(`Transaction ${signature} expired: its blockhash is no longer valid`);
      }
    }
    await new Promise((r) => setTimeout(r, Math.min(100 * (attempt + 1), 500)));
  }
}

async function blockHeightLimit(connection: Connection, blockhash: string): Promise<number | undefined> {
  // At 'processed': the newest bank knows every blockhash handed out (an older one has not seen a
  // fresh one yet), so invalid there means older than its 150 slots.
  const valid = await connection.isBlockhashValid(blockhash, { commitment: 'processed' });
  // Once invalid, any height below the current one means "expired".
  return valid.value ? undefined : 0;
}
