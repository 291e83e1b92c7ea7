import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gradientLogo } from '../demo/png';
import { loadEnv } from '../env';
import { cidFromSha256 } from '../storage/cid';
import { logoDataUrl } from './campaignCard';

const cidOf = (bytes: Uint8Array) => cidFromSha256(createHash('sha256').update(bytes).digest());

describe('the sharing card reads a pinned logo back from the Pinata gateway', () => {
  const logo = Buffer.from(gradientLogo(32, [255, 0, 0], [0, 0, 255]));
  const page = Buffer.from('<!doctype html><title>not an image</title>');
  const huge = Buffer.concat([logo, Buffer.alloc(11 * 1024 * 1024)]);
  const files = new Map([[cidOf(logo), logo], [cidOf(page), page], [cidOf(huge), huge]]);
  let gateway: http.Server;
  let origin: string;

  beforeAll(async () => {
    gateway = http.createServer((req, res) => {
      const body = files.get(req.url?.replace(/^\/ipfs\//, '') ?? '');
      if (!body) { res.writeHead(404).end('Not found'); return; }
      // No length header for the huge file: the reader must stop by itself.
      res.writeHead(200, body === huge ? { 'content-type': 'image/png' } : { 'content-type': 'image/png', 'content-length': body.length });
      res.end(body);
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => { gateway.close(() => resolve()); }));

  const env = () => loadEnv({ ...process.env, NODE_ENV: 'test', DATA_DIR: os.tmpdir(), PINATA_JWT: 'jwt', PINATA_GATEWAY: origin });

  it('embeds a PNG served by the gateway, typed by its bytes', async () => {
    expect(await logoDataUrl(`${origin}/ipfs/${cidOf(logo)}`, env())).toBe(`data:image/png;base64,${logo.toString('base64')}`);
  });

  it('draws a letter for a missing file, a file that is not an image, an oversized one, or a URL on another host', async () => {
    expect(await logoDataUrl(`${origin}/ipfs/${cidOf(Buffer.from('absent'))}`, env())).toBeNull();
    expect(await logoDataUrl(`${origin}/ipfs/${cidOf(page)}`, env())).toBeNull();
    expect(await logoDataUrl(`${origin}/ipfs/${cidOf(huge)}`, env())).toBeNull();
    expect(await logoDataUrl(`https://elsewhere.example/ipfs/${cidOf(logo)}`, env())).toBeNull();
  });
});
