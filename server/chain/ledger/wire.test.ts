import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import bs58 from 'bs58';
import { Keypair, PublicKey, SystemProgram, TransactionMessage, VersionedTransaction } from '@solana/web3.js';
import { decodeWireTransaction } from './wire';

// The decoder read against web3.js's own: names of keys, blockhash and signature, in both
// versions, with keys that recur (keyNames' cache) and keys seen once.
describe('decodeWireTransaction', () => {
  const payers = Array.from({ length: 4 }, () => Keypair.generate());
  const bytes32 = fc.uint8Array({ minLength: 32, maxLength: 32 });

  it('names what web3.js names, for legacy and v0 transactions', () => {
    fc.assert(fc.property(fc.nat(3), bytes32, bytes32, fc.boolean(), fc.bigInt({ min: 1n, max: 10n ** 12n }), (p, to, hash, v0, lamports) => {
      const payer = payers[p];
      const message = new TransactionMessage({
        payerKey: payer.publicKey, recentBlockhash: bs58.encode(hash),
        instructions: [SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: new PublicKey(to), lamports })],
      });
      const tx = new VersionedTransaction(v0 ? message.compileToV0Message() : message.compileToLegacyMessage());
      tx.sign([payer]);
      const raw = tx.serialize();
      const ours = decodeWireTransaction(raw);
      const theirs = VersionedTransaction.deserialize(raw);
      expect(ours.version).toBe(v0 ? 0 : 'legacy');
      expect(ours.signatures).toEqual([bs58.encode(theirs.signatures[0])]);
      expect(ours.staticKeys).toEqual(theirs.message.staticAccountKeys.map((k) => k.toBase58()));
      expect(ours.recentBlockhash).toBe(theirs.message.recentBlockhash);
    }), { numRuns: 200 });
  });
});
