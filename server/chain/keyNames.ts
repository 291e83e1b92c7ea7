import bs58 from 'bs58';

/**
 * Base58 names of 32-byte keys, remembering up to `max` of them (then starting over): the same
 * payers, programs, mints, blockhashes and holders recur in answer after answer, and a map
 * lookup costs a thirtieth of encoding one.
 */
export function keyNamer(max: number): (bytes: Uint8Array) => string {
  const names = new Map<string, string>();
  return (bytes) => {
    const id = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
    let name = names.get(id);
    if (name === undefined) {
      name = bs58.encode(bytes);
      if (names.size >= max) names.clear();
      names.set(id, name);
    }
    return name;
  };
}

/** A 32-byte key's base58 name (a public key's, a blockhash's), from the process's one cache. */
export const keyName = keyNamer(200_000);
