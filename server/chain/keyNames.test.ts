import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import bs58 from 'bs58';
import { keyName, keyNamer } from './keyNames';

describe('keyNamer', () => {
  it('names keys in base58 as the cache fills, is emptied and fills again', () => {
    const name = keyNamer(50);
    const keys = Array.from({ length: 120 }, (_v, i) => { const k = new Uint8Array(32); k[0] = i; k[31] = 7; return k; });
    for (let round = 0; round < 3; round++) for (const key of keys) expect(name(key)).toBe(bs58.encode(key));
  });

  it('names a view by its own 32 bytes, whatever buffer it lies in', () => {
    fc.assert(fc.property(fc.uint8Array({ minLength: 32, maxLength: 96 }), fc.nat(64), (bytes, at) => {
      const start = Math.min(at, bytes.length - 32);
      const view = bytes.subarray(start, start + 32);
      expect(keyName(view)).toBe(bs58.encode(view));
    }));
  });
});
