import { compress as zstdCompress, init } from '@bokuweb/zstd-wasm';

/** zstd's default level: what a validator's encoder uses for `base64+zstd`. */
const LEVEL = 3;
let ready: Promise<void> | undefined;
let loaded = false;

/** Loads the encoder's WebAssembly (once); the local ledger's RPC awaits it before serving. */
export function initZstd(): Promise<void> {
  ready ??= init().then(() => { loaded = true; });
  return ready;
}

/** A zstd frame of `bytes`, for the `base64+zstd` account encoding. */
export function compress(bytes: Uint8Array): Uint8Array {
  if (!loaded) throw new Error('zstd encoder not loaded: await initZstd() first');
  return zstdCompress(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), LEVEL);
}
