import { describe, expect, it } from 'vitest';
import { FILE_LIMITS } from './constants';
import { detectFileType } from './fileType';
import { MAX_UPLOAD_BYTES, ruleAccepts, uploadRuleFor } from './uploadRules';

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const pad = (b: Uint8Array, n = 64) => { const out = new Uint8Array(Math.max(n, b.length)); out.set(b); return out; };

const samples = {
  png: bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 13], 'IHDR'),
  jpeg: bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], 'JFIF'),
  gif: bytes('GIF89a', [1, 0, 1, 0]),
  webp: bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '),
  avi: bytes('RIFF', [0x24, 0, 0, 0], 'AVI LIST'),
  mp4: bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 2, 0], 'isomiso2mp41'),
  mov: bytes([0, 0, 0, 0x14], 'ftypqt  ', [0, 0, 0, 0], 'qt  '),
  avif: bytes([0, 0, 0, 0x1c], 'ftypavif', [0, 0, 0, 0], 'avifmif1'),
  webm: bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84], 'webm'),
  mkv: bytes([0x1a, 0x45, 0xdf, 0xa3, 0xa3, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x88], 'matroska'),
  bmp: bytes('BM', [0x36, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0]),
  pdf: bytes('%PDF-1.4\n%', [0xe2, 0xe3, 0xcf, 0xd3]),
};

describe('detectFileType', () => {
  it.each([
    ['png', 'image/png', 'image'], ['jpeg', 'image/jpeg', 'image'], ['gif', 'image/gif', 'image'],
    ['webp', 'image/webp', 'image'], ['avif', 'image/avif', 'image'], ['bmp', 'image/bmp', 'image'],
    ['mp4', 'video/mp4', 'video'], ['mov', 'video/quicktime', 'video'], ['webm', 'video/webm', 'video'],
    ['mkv', 'video/x-matroska', 'video'], ['avi', 'video/x-msvideo', 'video'], ['pdf', 'application/pdf', 'document'],
  ] as const)('recognises %s from its bytes', (format, mime, category) => {
    expect(detectFileType(pad(samples[format]))).toEqual({ format, mime, category });
  });

  it('recognises nothing in text, SVG, empty or truncated input', () => {
    expect(detectFileType(pad(bytes('hello, this is plain text')))).toBeNull();
    expect(detectFileType(pad(bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>')))).toBeNull();
    expect(detectFileType(new Uint8Array())).toBeNull();
    expect(detectFileType(bytes([0x89, 0x50, 0x4e]))).toBeNull();
    expect(detectFileType(pad(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt ')))).toBeNull();
  });
});

describe('uploadRuleFor', () => {
  const type = (f: keyof typeof samples) => detectFileType(pad(samples[f]));

  it('allows PNG, JPEG and GIF up to 10 MB for logos and creation photos', () => {
    for (const kind of ['token_logo', 'campaign_photo'] as const) {
      const rule = uploadRuleFor(kind)!;
      expect(rule.maxBytes).toBe(10 * 1024 * 1024);
      expect(['png', 'jpeg', 'gif'].every((f) => ruleAccepts(rule, type(f as 'png')))).toBe(true);
      expect(ruleAccepts(rule, type('webp'))).toBe(false);
      expect(rule.wrongType('a.webp').message).toBe('Invalid file type');
      expect(rule.tooLarge.message).toBe('File too large');
    }
  });

  it('allows any image up to 5 MB in the gallery and 3 MB as a profile photo', () => {
    const gallery = uploadRuleFor('campaign_photo', 'gallery')!;
    expect(gallery.maxBytes).toBe(FILE_LIMITS.galleryImage);
    expect(ruleAccepts(gallery, type('webp'))).toBe(true);
    expect(ruleAccepts(gallery, type('mp4'))).toBe(false);
    expect(gallery.wrongType('clip.mp4').message).toBe('clip.mp4 is not an image');
    const profile = uploadRuleFor('profile_photo')!;
    expect(profile.maxBytes).toBe(3145728);
    expect(ruleAccepts(profile, type('avif'))).toBe(true);
    expect(profile.tooLarge).toEqual({ title: 'File too large', message: 'Please choose an image under 3MB' });
  });

  it('allows MP4, WebM and MOV videos, and AVI and MKV on the manage page, up to 50 MB', () => {
    const create = uploadRuleFor('campaign_video')!;
    const manage = uploadRuleFor('campaign_video', 'manage')!;
    expect(create.maxBytes).toBe(52428800);
    expect(manage.maxBytes).toBe(52428800);
    expect(['mp4', 'webm', 'mov'].every((f) => ruleAccepts(create, type(f as 'mp4')))).toBe(true);
    expect(ruleAccepts(create, type('avi'))).toBe(false);
    expect(ruleAccepts(manage, type('avi')) && ruleAccepts(manage, type('mkv'))).toBe(true);
    expect(ruleAccepts(manage, type('png'))).toBe(false);
    expect(create.tooLarge.message).toBe('Video must be under 50MB');
    expect(manage.tooLarge.message).toBe('Video must be under 50MB (Pinata limit)');
    expect(manage.wrongType('x').message).toBe('Please upload MP4, WebM, MOV, AVI, or MKV video files');
  });

  it('refuses a purpose that does not go with the kind, and caps every upload at 50 MB', () => {
    expect(uploadRuleFor('token_logo', 'gallery')).toBeNull();
    expect(uploadRuleFor('campaign_photo', 'manage')).toBeNull();
    expect(uploadRuleFor('profile_photo', 'manage')).toBeNull();
    expect(MAX_UPLOAD_BYTES).toBe(FILE_LIMITS.video);
  });
});
