import { createHash } from 'node:crypto';
import { Keypair } from '@solana/web3.js';

/**
 * A real ed25519 public key derived from a label, so re-seeding yields the same
 * address. Nobody holds its secret in practice: it is a sample, not a wallet to fund.
 */
export function sampleAddress(label: string): string {
  const seed = createHash('sha256').update(`causemint-sample:${label}`).digest();
  return Keypair.fromSeed(seed).publicKey.toBase58();
}
