// The wallet's part of a trade or launch transaction in tests and benches.
import { Transaction, type Keypair } from '@solana/web3.js';
import { signEd25519 } from '../chain/ed25519';
import { splitWire, withSignature } from '../chain/wire';

/** As a browser does it with web3.js: decode, partialSign, serialise. */
export function signAsWallet(transactionBase64: string, trader: Keypair): string {
  const tx = Transaction.from(Buffer.from(transactionBase64, 'base64'));
  tx.partialSign(trader);
  return tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64');
}

/** The same with node:crypto (for the benches: web3.js signing would dominate the timings). */
export function signFast(transactionBase64: string, trader: Keypair): string {
  const wire = Buffer.from(transactionBase64, 'base64');
  return withSignature(wire, 0, signEd25519(trader, splitWire(wire).message)).toString('base64');
}
