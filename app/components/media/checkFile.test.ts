import { describe, expect, it } from 'vitest';
import { MB } from '../../../core/constants';
import { checkFile } from './checkFile';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (size: number) => { const b = new Uint8Array(size); b.set(PNG); return new Blob([b]); };
const webm = () => new Blob([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, ...new TextEncoder().encode('....webm'), ...new Uint8Array(60)])]);

describe('checkFile (the creation form rules)', () => {
  it('accepts a PNG logo up to 10 MB and refuses a larger one', async () => {
    expect(await checkFile(png(10 * MB), 'token_logo')).toBeNull();
    expect(await checkFile(png(10 * MB + 1), 'token_logo')).toEqual({ title: 'File too large', message: 'File too large' });
  });

  it('reads the type from the bytes, not the name', async () => {
    const text = Object.assign(new Blob(['hello, not an image at all, really not'.repeat(3)]), { name: 'logo.png' });
    expect(await checkFile(text, 'campaign_photo')).toEqual({ title: 'Invalid file type', message: 'Invalid file type' });
    expect(await checkFile(webm(), 'token_logo')).toEqual({ title: 'Invalid file type', message: 'Invalid file type' });
  });

  it('takes MP4/WebM/MOV videos up to 50 MB', async () => {
    expect(await checkFile(webm(), 'campaign_video')).toBeNull();
    expect(await checkFile(png(100), 'campaign_video')).toEqual({ title: 'Invalid file type', message: 'Invalid file type' });
    const big = new Blob([new Uint8Array(50 * MB + 1)]);
    expect(await checkFile(big, 'campaign_video')).toEqual({ title: 'File too large', message: 'Video must be under 50MB' });
  });
});
