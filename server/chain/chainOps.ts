// The launch's chain calls, the same in local and cluster mode: balances and statuses over
// the Connection, sends through the senders (durable before they answer locally).

import bs58 from 'bs58';
import { PublicKey, SystemProgram, Transaction, VersionedMessage, type Keypair } from '@solana/web3.js';
import type { ChainService } from './service';
import { signTransaction } from './token';
import { connectionSender, ledgerSender } from './senders';
import { LaunchFailure, LaunchRetry } from './chainOpErrors';

// One signature's network fee (each of these transactions is signed by one key).
const SIGNATURE_FEE_LAMPORTS = 5_000n;

// Refusals that say nothing about the transaction itself: try again with a fresh blockhash.
const PASSING_REFUSALS = new Set(['BlockhashNotFound', 'AlreadyProcessed']);

export type LaunchChain = ReturnType<typeof launchChain>;

export type SignatureOutcome = { landed: false; expired: boolean } | { landed: true; err: unknown; slot: bigint };

/** The blockhash a transaction message (legacy or v0, as stored with a quote) was built on. */
export function blockhashOfMessage(message: Uint8Array): string {
  return VersionedMessage.deserialize(message).recentBlockhash;
}

export function launchChain(chain: ChainService) {
  const send = chain.ledger ? ledgerSender(chain.ledger) : connectionSender(chain.connection);
  const { connection } = chain;

  const blockhash = async (): Promise<string> =>
    chain.ledger ? chain.ledger.latestBlockhash.blockhash : (await connection.getLatestBlockhash('confirmed')).blockhash;

  /** Sends signed wire bytes; resolves with the signature once it landed and succeeded. */
  const sendWire = async (wire: Uint8Array, what: string): Promise<string> => {
    let result;
    try {
      result = await send(wire);
    } catch (err) {
      throw new LaunchRetry(`${what}: outcome unknown (${err instanceof Error ? err.message : String(err)})`);
    }
    if (result.err === null || result.err === undefined) return result.signature;
    const text = typeof result.err === 'string' ? result.err : JSON.stringify(result.err, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
    if (PASSING_REFUSALS.has(text.replace(/"/g, ''))) throw new LaunchRetry(`${what}: ${text}`);
    throw new LaunchFailure(`${what} failed: ${text}`);
  };

  /** SOL transfers from `from` in one transaction (all land or none), sent and confirmed. */
  const transferMany = async (from: Keypair, legs: { to: string; lamports: bigint }[], what: string): Promise<string> => {
    const tx = new Transaction({ feePayer: from.publicKey, recentBlockhash: await blockhash() });
    for (const { to, lamports } of legs) tx.add(SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: new PublicKey(to), lamports }));
    return sendWire(signTransaction(tx, [from]), what);
  };
  const transfer = (from: Keypair, to: string, lamports: bigint, what: string): Promise<string> =>
    transferMany(from, [{ to, lamports }], what);

  /** Landed (ok or failed) or not known to the chain at all. */
  const status = async (signature: string): Promise<SignatureOutcome> => {
    const { value: [found] } = await connection.getSignatureStatuses([signature], { searchTransactionHistory: true });
    return found ? { landed: true, err: found.err, slot: BigInt(found.slot) } : { landed: false, expired: false };
  };

  return {
    blockhash,
    sendWire,
    /**
     * Whether a send whose result we never saw can still land. Locally a send answers only
     * once the transaction is durable or refused, so one not on the ledger never will be; on
     * a cluster it may, until its blockhash expires (150 blocks).
     */
    sendsAreFinal: Boolean(chain.ledger),
    /**
     * What became of a transaction built on `blockhash`: landed (ok or failed), or not landed
     * and `expired` once its blockhash can no longer be used, so it never will land and the
     * step may build a new one. The status is read again after the expiry is seen, so a
     * transaction that landed in between is never taken for dropped. An unknown blockhash
     * (null) never counts as expired.
     */
    async outcome(signature: string, blockhash: string | null): Promise<SignatureOutcome> {
      const first = await status(signature);
      if (first.landed || blockhash === null) return first;
      const { value: live } = await connection.isBlockhashValid(blockhash, { commitment: 'processed' });
      if (live) return first;
      const again = await status(signature);
      return again.landed ? again : { landed: false, expired: true };
    },
    transfer,
    transferMany,
    async balance(wallet: string): Promise<bigint> {
      return BigInt(await connection.getBalance(new PublicKey(wallet), 'confirmed'));
    },
    async accountExists(address: string): Promise<boolean> {
      return (await connection.getAccountInfo(new PublicKey(address), 'confirmed')) !== null;
    },
    status,
    /** Moves everything but the fee out of `from` (its account closes at zero); null when nothing is worth moving. */
    async sweep(from: Keypair, to: string, what: string): Promise<{ signature: string; lamports: bigint } | null> {
      const balance = BigInt(await connection.getBalance(from.publicKey, 'confirmed'));
      const lamports = balance - SIGNATURE_FEE_LAMPORTS;
      if (lamports <= 0n) return null;
      const signature = await transfer(from, to, lamports, what);
      return { signature, lamports };
    },
  };
}

export const signatureOf = (wire: Uint8Array): string => bs58.encode(wire.subarray(1, 65));
