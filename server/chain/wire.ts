// The wire form of a legacy transaction, read byte for byte: quotes are matched on the
// exact message bytes, never on a re-serialisation.

import { createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';

export type WireParts = {
  signatures: Buffer[];
  /** The serialized message: what every signature signs. */
  message: Buffer;
  /** The message's signer keys, in signature order (the fee payer first). */
  signers: Buffer[];
};

const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

function readShortVec(bytes: Uint8Array, offset: number): [value: number, next: number] {
  let value = 0;
  for (let i = 0; i < 3; i++) {
    const byte = bytes[offset + i];
    if (byte === undefined) throw new Error('Truncated transaction');
    value |= (byte & 0x7f) << (7 * i);
    if ((byte & 0x80) === 0) return [value, offset + i + 1];
  }
  throw new Error('Malformed length in transaction');
}

/** Splits a legacy transaction into signatures and message; throws on anything else. */
export function splitWire(wire: Uint8Array): WireParts {
  const bytes = Buffer.from(wire.buffer, wire.byteOffset, wire.byteLength);
  const [count, start] = readShortVec(bytes, 0);
  const messageStart = start + count * 64;
  if (count === 0 || messageStart + 3 > bytes.length) throw new Error('Truncated transaction');
  const message = bytes.subarray(messageStart);
  const required = message[0]!;
  if (required & 0x80) throw new Error('Only legacy transactions are accepted');
  if (required !== count) throw new Error('Signature count does not match the message');
  const [keyCount, keysStart] = readShortVec(message, 3);
  if (keyCount < required || keysStart + keyCount * 32 > message.length) throw new Error('Truncated transaction');
  const signatures = Array.from({ length: count }, (_, i) => bytes.subarray(start + i * 64, start + (i + 1) * 64));
  const signers = Array.from({ length: required }, (_, i) => message.subarray(keysStart + i * 32, keysStart + (i + 1) * 32));
  return { signatures, message, signers };
}

/** The wire bytes with signature `index` replaced (a copy). */
export function withSignature(wire: Uint8Array, index: number, signature: Uint8Array): Buffer {
  const out = Buffer.from(wire);
  const [, start] = readShortVec(out, 0);
  out.set(signature, start + index * 64);
  return out;
}

/** sha256 of the message bytes, hex: how a quote is found again. */
export function messageHash(message: Uint8Array): string {
  return createHash('sha256').update(message).digest('hex');
}

const publicKeys = new Map<string, KeyObject>();

/** Checks an ed25519 signature by a 32-byte public key. */
export function verifySignature(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  const id = Buffer.from(publicKey).toString('hex');
  let key = publicKeys.get(id);
  if (!key) {
    key = createPublicKey({ key: Buffer.concat([SPKI_ED25519_PREFIX, publicKey]), format: 'der', type: 'spki' });
    if (publicKeys.size > 10_000) publicKeys.clear();
    publicKeys.set(id, key);
  }
  return verify(null, message, key, signature);
}
