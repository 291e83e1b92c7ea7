// The launch's chain calls, the same in local and cluster mode: balances and statuses over
// the Connection, sends through the trading senders (durable before they answer locally).

import bs58 from 'bs58';
import { PublicKey, SystemProgram, Transaction, type Keypair } from '@solana/web3.js';
import type { ChainService } from '../chain/service';
import { signTransaction } from '../chain/token';
import { connectionSender, ledgerSender } from '../trading';
import { LaunchFailure, LaunchRetry } from './errors';
import { SIGNATURE_FEE_LAMPORTS } from './amounts';

// Refusals that say nothing about the transaction itself: try again with a fresh blockhash.
const PASSING_REFUSALS = new Set(['BlockhashNotFound', 'AlreadyProcessed']);

export type LaunchChain = ReturnType<typeof launchChain>;

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

  return {
    blockhash,
    sendWire,
    transfer,
    transferMany,
    async balance(wallet: string): Promise<bigint> {
      return BigInt(await connection.getBalance(new PublicKey(wallet), 'confirmed'));
    },
    async accountExists(address: string): Promise<boolean> {
      return (await connection.getAccountInfo(new PublicKey(address), 'confirmed')) !== null;
    },
    /** Landed (ok or failed) or not known to the chain at all. */
    async status(signature: string): Promise<{ landed: false } | { landed: true; err: unknown; slot: bigint }> {
      const { value: [status] } = await connection.getSignatureStatuses([signature], { searchTransactionHistory: true });
      return status ? { landed: true, err: status.err, slot: BigInt(status.slot) } : { landed: false };
    },
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
