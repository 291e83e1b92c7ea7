// The only place the pool wallet's key signs anything.

import { PublicKey, type Keypair } from '@solana/web3.js';
import { signEd25519 } from '../ed25519';
import { messageHash, splitWire, verifySignature, withSignature } from './wire';

/** What coSignQuote needs to know of a stored quote. */
export type CoSignableQuote = {
  /** 'executing': claimed by one execute while it was live (see QuoteBook.execute). */
  status: string;
  messageHash: string;
  traderWallet: string;
  poolWallet: string;
};

export class CoSignRefused extends Error {}

/**
 * Adds the pool wallet's signature to a trader-signed trade transaction and returns the
 * wire bytes, or throws CoSignRefused. It signs only when the message is byte for byte the
 * quote's (same hash), the quote is claimed for execution, the signers are exactly the
 * quote's trader and the pool wallet, and the trader's signature over that message is valid.
 */
export function coSignQuote(quote: CoSignableQuote, signedWire: Uint8Array, pool: Keypair): Buffer {
  if (quote.status !== 'executing') throw new CoSignRefused(`Quote is ${quote.status}, not claimed for execution`);
  let parts;
  try {
    parts = splitWire(signedWire);
  } catch (err) {
    throw new CoSignRefused((err as Error).message);
  }
  if (messageHash(parts.message) !== quote.messageHash) throw new CoSignRefused('Message differs from the quote');
  const poolKey = pool.publicKey.toBuffer();
  const [traderKey, poolSlot] = parts.signers;
  if (parts.signers.length !== 2 || !traderKey || !poolSlot) throw new CoSignRefused('A trade has exactly two signers');
  if (pool.publicKey.toBase58() !== quote.poolWallet || !poolSlot.equals(poolKey)) throw new CoSignRefused('Not this pool wallet\'s quote');
  if (new PublicKey(traderKey).toBase58() !== quote.traderWallet) throw new CoSignRefused('Fee payer is not the quote\'s trader');
  if (!verifySignature(traderKey, parts.message, parts.signatures[0]!)) throw new CoSignRefused('Trader signature is invalid');
  return withSignature(signedWire, 1, signEd25519(pool, parts.message));
}
