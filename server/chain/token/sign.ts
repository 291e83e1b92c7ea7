import type { Keypair, Transaction } from '@solana/web3.js';
import { signEd25519 } from '../ed25519';

const shortVec = (n: number): Buffer => {
  const out: number[] = [];
  for (let rest = n; ; rest >>= 7) {
    if (rest < 0x80) { out.push(rest); break; }
    out.push((rest & 0x7f) | 0x80);
  }
  return Buffer.from(out);
};

/**
 * Adds these keypairs' signatures to a legacy transaction, keeping any already there (as
 * `partialSign` does), and returns its wire bytes (zeros where a signature is still
 * missing). Compiles the message once and signs with node:crypto: web3.js's own path
 * recompiles it on every step and signs in JavaScript, several times slower.
 */
export function signTransaction(transaction: Transaction, keypairs: Keypair[]): Buffer {
  const message = transaction.compileMessage();
  const bytes = message.serialize();
  const signerKeys = message.accountKeys.slice(0, message.header.numRequiredSignatures);
  const signatures = signerKeys.map((publicKey) =>
    transaction.signatures.find((s) => s.publicKey.equals(publicKey))?.signature ?? null);
  for (const keypair of keypairs) {
    const index = signerKeys.findIndex((k) => k.equals(keypair.publicKey));
    if (index < 0) throw new Error(`${keypair.publicKey.toBase58()} is not a signer of this transaction`);
    signatures[index] = signEd25519(keypair, bytes);
  }
  // In message order, as web3.js keeps them: its later partialSign or serialize reuse these.
  transaction.signatures = signerKeys.map((publicKey, i) => ({ publicKey, signature: signatures[i] ?? null }));
  return Buffer.concat([shortVec(signerKeys.length), ...signatures.map((s) => s ?? Buffer.alloc(64)), bytes]);
}
