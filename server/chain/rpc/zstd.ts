/**
 * Zstandard frames for the `base64+zstd` account encoding.
 *
 * Interim: no zstd encoder is installed (Node 20's zlib has none), so this writes valid
 * RFC 8878 frames whose blocks are Raw (stored, not compressed). Every zstd decoder reads
 * them, so clients get what they asked for, only not smaller. Swapping in a real encoder
 * (e.g. @bokuweb/zstd-wasm) means replacing `compress` alone.
 */

const MAGIC = [0x28, 0xb5, 0x2f, 0xfd];
/** Frame_Content_Size_Flag 2 (a 4-byte content size) and Single_Segment_Flag: no window descriptor, no checksum, no dictionary. */
const FRAME_HEADER_DESCRIPTOR = (2 << 6) | (1 << 5);
/** Block_Maximum_Size: 128 KiB. */
const MAX_BLOCK = 128 * 1024;
const RAW_BLOCK = 0;

export function compress(bytes: Uint8Array): Uint8Array {
  if (bytes.length > 0xffff_ffff) throw new RangeError('zstd: content over 4 GiB');
  const blocks = Math.max(1, Math.ceil(bytes.length / MAX_BLOCK));
  const out = new Uint8Array(4 + 1 + 4 + blocks * 3 + bytes.length);
  const view = new DataView(out.buffer);
  out.set(MAGIC, 0);
  out[4] = FRAME_HEADER_DESCRIPTOR;
  view.setUint32(5, bytes.length, true);
  let at = 9;
  for (let b = 0; b < blocks; b++) {
    const chunk = bytes.subarray(b * MAX_BLOCK, (b + 1) * MAX_BLOCK);
    const last = b === blocks - 1 ? 1 : 0;
    // Block_Header: 3 bytes little-endian, Last_Block (bit 0), Block_Type (bits 1-2), Block_Size (bits 3-23).
    const header = last | (RAW_BLOCK << 1) | (chunk.length << 3);
    out[at] = header & 0xff;
    out[at + 1] = (header >>> 8) & 0xff;
    out[at + 2] = (header >>> 16) & 0xff;
    out.set(chunk, at + 3);
    at += 3 + chunk.length;
  }
  return out;
}
