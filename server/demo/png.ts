// A minimal PNG encoder (8-bit RGB, no filtering): the demo market's generated logos, and
// test images.

import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export type Rgb = [number, number, number];

/** Encodes width × height pixels, each given by `pixel(x, y)`. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 3);
    for (let x = 0; x < width; x++) raw.set(pixel(x, y), row + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A logo: a diagonal blend of two colours with a soft disc in the middle. */
export function gradientLogo(size: number, from: Rgb, to: Rgb): Buffer {
  const mix = (a: number, b: number, t: number) => Math.round(a + (b - a) * t);
  return encodePng(size, size, (x, y) => {
    const t = (x + y) / (2 * (size - 1));
    const d = Math.hypot(x - size / 2, y - size / 2) / (size / 2);
    const glow = d < 0.55 ? 0.35 * (1 - d / 0.55) : 0;
    return [0, 1, 2].map((i) => Math.min(255, mix(from[i]!, to[i]!, t) + Math.round(255 * glow))) as Rgb;
  });
}
