import { encodePng } from '../server/demo/png';

/** A real PNG of one colour (8-bit RGB), small enough to build in a test. */
export function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  return encodePng(width, height, () => [r, g, b]);
}
