import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Resvg, initWasm } from '@resvg/resvg-wasm';

const require = createRequire(import.meta.url);
export const OG_FONT_FAMILY = 'DejaVu Sans';

let ready: Promise<Uint8Array[]> | null = null;

// The WASM renderer and the fonts ship inside npm packages: nothing is fetched at
// install or run time, and the image looks the same on every machine (no system fonts).
function prepare(): Promise<Uint8Array[]> {
  ready ??= (async () => {
    await initWasm(fs.promises.readFile(require.resolve('@resvg/resvg-wasm/index_bg.wasm')));
    return Promise.all(['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map((name) =>
      fs.promises.readFile(require.resolve(`dejavu-fonts-ttf/ttf/${name}`)).then((b) => new Uint8Array(b))));
  })();
  return ready;
}

/** Rasterises an SVG document to PNG bytes at its own size. */
export async function svgToPng(svg: string): Promise<Buffer> {
  const fontBuffers = await prepare();
  const resvg = new Resvg(svg, { font: { fontBuffers, defaultFontFamily: OG_FONT_FAMILY, sansSerifFamily: OG_FONT_FAMILY } });
  try {
    const image = resvg.render();
    try { return Buffer.from(image.asPng()); } finally { image.free(); }
  } finally {
    resvg.free();
  }
}
