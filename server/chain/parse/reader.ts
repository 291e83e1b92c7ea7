import bs58 from 'bs58';

/** Thrown when instruction or account bytes do not decode; parsers turn it into `null`. */
export class NotParsable extends Error {}

// Rust's from_utf8 keeps a byte-order mark; TextDecoder would strip it by default.
const textDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Little-endian cursor over instruction/account bytes, matching the Rust layouts (bincode, borsh, Pack). */
export class ByteReader {
  private offset = 0;
  private readonly view: DataView;

  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  get remaining(): number { return this.bytes.length - this.offset; }

  private need(n: number): number {
    if (this.offset + n > this.bytes.length) throw new NotParsable('unexpected end of data');
    const at = this.offset;
    this.offset += n;
    return at;
  }

  u8(): number { return this.view.getUint8(this.need(1)); }
  u16(): number { return this.view.getUint16(this.need(2), true); }
  i16(): number { return this.view.getInt16(this.need(2), true); }
  u32(): number { return this.view.getUint32(this.need(4), true); }
  u64(): bigint { return this.view.getBigUint64(this.need(8), true); }
  i64(): bigint { return this.view.getBigInt64(this.need(8), true); }
  u128(): bigint { const lo = this.u64(); return (this.u64() << 64n) | lo; }
  f64(): number { return this.view.getFloat64(this.need(8), true); }
  bool(): boolean {
    const b = this.u8();
    if (b > 1) throw new NotParsable('bad bool');
    return b === 1;
  }
  bytesOf(n: number): Uint8Array { const at = this.need(n); return this.bytes.subarray(at, at + n); }
  rest(): Uint8Array { return this.bytesOf(this.remaining); }
  pubkey(): string { return bs58.encode(this.bytesOf(32)); }

  /** 32 bytes where all zeros means none (spl-pod OptionalNonZeroPubkey). */
  optionalNonZeroPubkey(): string | null {
    const raw = this.bytesOf(32);
    return raw.every((b) => b === 0) ? null : bs58.encode(raw);
  }

  /** Token instruction COption<Pubkey>: tag 0 = none (1 byte), tag 1 + 32 bytes = some. */
  coptionPubkey(): string | null {
    const tag = this.u8();
    if (tag === 0) return null;
    if (tag === 1) return this.pubkey();
    throw new NotParsable('bad option tag');
  }

  /** short_vec's compact-u16 length, refusing what solana-short-vec refuses: alias encodings, a third byte that continues, overflow. */
  shortU16(): number {
    let value = 0;
    for (let i = 0; i < 3; i++) {
      const byte = this.u8();
      if (byte === 0 && i > 0) throw new NotParsable('short_vec alias');
      value |= (byte & 0x7f) << (7 * i);
      if (value > 0xffff) throw new NotParsable('short_vec overflow');
      if ((byte & 0x80) === 0) return value;
    }
    throw new NotParsable('short_vec longer than 3 bytes');
  }

  /** Borsh string: u32 length + UTF-8. */
  borshString(): string { return utf8(this.bytesOf(this.u32())); }

  /** Bincode string: u64 length + UTF-8. */
  bincodeString(): string {
    const len = this.u64();
    if (len > BigInt(this.remaining)) throw new NotParsable('string too long');
    return utf8(this.bytesOf(Number(len)));
  }

  /** Borsh Option<u64>. */
  borshOptionU64(): bigint | null {
    const tag = this.u8();
    if (tag === 0) return null;
    if (tag === 1) return this.u64();
    throw new NotParsable('bad option tag');
  }

  /** Borsh's try_from_slice rejects unread bytes. */
  end(): void {
    if (this.remaining !== 0) throw new NotParsable('trailing bytes');
  }
}

export function utf8(bytes: Uint8Array): string {
  try {
    return textDecoder.decode(bytes);
  } catch {
    throw new NotParsable('invalid UTF-8');
  }
}

/** A u64 rendered as a JSON number, as serde does (precision beyond 2^53 is lost, as in any JS client). */
export function u64Number(value: bigint): number {
  return Number(value);
}
