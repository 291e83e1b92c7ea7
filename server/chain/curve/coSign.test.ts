import { describe, expect, it } from 'vitest';
import { Keypair, SystemProgram, Transaction } from '@solana/web3.js';
import { CoSignRefused, buildBuyTransaction, coSignQuote, messageHash, splitWire, unsignedForms, verifySignature } from './index';

const [trader, pool, other, mint] = Array.from({ length: 4 }, () => Keypair.generate()) as [Keypair, Keypair, Keypair, Keypair];
const blockhash = Keypair.generate().publicKey.toBase58();

function quoteTx(tokens = 1_000_000n) {
  return buildBuyTransaction({
    trader: trader.publicKey, mint: mint.publicKey, poolWallet: pool.publicKey, quoteId: 'q-1', recentBlockhash: blockhash,
    solLamports: 100_000_000n, tokens, transferFee: (tokens * 600n + 9_999n) / 10_000n,
  });
}

function traderSigned(tx: Transaction, by: Keypair[] = [trader]): Buffer {
  tx.partialSign(...by);
  return tx.serialize({ requireAllSignatures: false, verifySignatures: false });
}

const { message } = unsignedForms(quoteTx());
const quote = { status: 'executing', messageHash: messageHash(message), traderWallet: trader.publicKey.toBase58(), poolWallet: pool.publicKey.toBase58() };

describe('coSignQuote: the pool wallet signs only a claimed quote\'s exact message', () => {
  it('adds the pool signature, keeping the trader\'s, exactly as web3.js partialSign would', () => {
    const signed = traderSigned(quoteTx());
    const cosigned = coSignQuote(quote, signed, pool);
    const parts = splitWire(cosigned);
    expect(parts.message.equals(message)).toBe(true);
    expect(verifySignature(trader.publicKey.toBytes(), message, parts.signatures[0]!)).toBe(true);
    expect(verifySignature(pool.publicKey.toBytes(), message, parts.signatures[1]!)).toBe(true);
    const reference = quoteTx();
    reference.partialSign(trader);
    reference.partialSign(pool);
    expect(cosigned.equals(reference.serialize())).toBe(true);
  });

  it.each(['open', 'executed', 'expired', 'failed'])('refuses a quote that is %s', (status) => {
    expect(() => coSignQuote({ ...quote, status }, traderSigned(quoteTx()), pool)).toThrow(CoSignRefused);
  });

  it('refuses any other message, signer set, pool key or trader signature', () => {
    expect(() => coSignQuote(quote, traderSigned(quoteTx(2_000_000n)), pool)).toThrow(/differs/);
    const extra = quoteTx().add(SystemProgram.transfer({ fromPubkey: pool.publicKey, toPubkey: other.publicKey, lamports: 1n }));
    expect(() => coSignQuote(quote, traderSigned(extra), pool)).toThrow(/differs/);
    expect(() => coSignQuote(quote, traderSigned(quoteTx()), other)).toThrow(/pool wallet/);
    expect(() => coSignQuote({ ...quote, traderWallet: other.publicKey.toBase58() }, traderSigned(quoteTx()), pool)).toThrow(/trader/);
    const unsigned = unsignedForms(quoteTx()).wire;
    expect(() => coSignQuote(quote, unsigned, pool)).toThrow(/signature is invalid/);
    // A third signer changes the message too; and a message we never built hashes elsewhere.
    const threeSigners = quoteTx().add(SystemProgram.transfer({ fromPubkey: other.publicKey, toPubkey: pool.publicKey, lamports: 1n }));
    const { message: m3 } = unsignedForms(threeSigners);
    expect(() => coSignQuote({ ...quote, messageHash: messageHash(m3) }, traderSigned(threeSigners, [trader, other]), pool)).toThrow(/two signers/);
    expect(() => coSignQuote(quote, Buffer.from('garbage'), pool)).toThrow(CoSignRefused);
  });
});
