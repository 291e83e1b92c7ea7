// Sends a signed transaction and reports one of three things: landed and succeeded (err
// null), definitely not applied (err set), or unknown (throws: the caller looks again later).

import bs58 from 'bs58';
import { SendTransactionError, VersionedMessage, type Connection } from '@solana/web3.js';
import type { LocalLedger } from './ledger/ledger';
import { TransactionFailedError, confirmSignature } from './sendAndConfirm';
import { splitWire } from './wire';

/** What a sender reports: `err` null when the transaction landed and succeeded. */
export type SendResult = { signature: string; err: unknown; slot?: bigint | null; blockTime?: Date | null };

/** The in-process local ledger: durable once `send` resolves. */
export function ledgerSender(ledger: Pick<LocalLedger, 'send'>): (wire: Uint8Array) => Promise<SendResult> {
  return async (wire) => {
    const outcome = await ledger.send(wire, { preflight: true });
    if (outcome.kind === 'landed') {
      const { record } = outcome;
      return { signature: record.signature, err: record.err, slot: record.slot, blockTime: new Date(Number(record.blockTime) * 1000) };
    }
    // Refused or dropped before execution: nothing changed on the ledger.
    return { signature: bs58.encode(splitWire(wire).signatures[0]!), err: outcome.err };
  };
}

/**
 * Any cluster through a Connection (preflight on, confirmed commitment). The wire goes out
 * as the book signed it: web3.js's Transaction.serialize would check every signature again
 * in JavaScript (2 ed25519 verifications, the largest share of a trade's CPU in a web process).
 */
export function connectionSender(connection: Connection): (wire: Uint8Array) => Promise<SendResult> {
  return async (wire) => {
    const { signatures, message } = splitWire(wire);
    const signature = bs58.encode(signatures[0]!);
    try {
      await connection.sendRawTransaction(wire, { skipPreflight: false, preflightCommitment: 'confirmed' });
      const status = await confirmSignature(connection, signature, { blockhash: VersionedMessage.deserialize(message).recentBlockhash });
      return { signature, err: null, slot: BigInt(status.slot) };
    } catch (err) {
      if (err instanceof TransactionFailedError) return { signature, err: err.err };
      // Preflight refused it: it never reached a leader.
      if (err instanceof SendTransactionError) return { signature, err: err.message };
      throw err;
    }
  };
}
