/**
 * What a file really is, read from its first bytes (magic numbers), never from its
 * name or the content type a browser claims. SVG is deliberately not recognised: it
 * can carry script, and uploads are served from our own origin.
 */
export type FileFormat =
  | 'png' | 'jpeg' | 'gif' | 'webp' | 'bmp' | 'tiff' | 'ico' | 'avif' | 'heic'
  | 'mp4' | 'mov' | 'webm' | 'mkv' | 'avi'
  | 'pdf';

export type DetectedFileType = { format: FileFormat; mime: string; category: 'image' | 'video' | 'document' };

/** How many leading bytes `detectFileType` needs to decide. */
export const FILE_TYPE_SNIFF_BYTES = 64;

const TYPES: Record<FileFormat, DetectedFileType> = {
  png: { format: 'png', mime: 'image/png', category: 'image' },
  jpeg: { format: 'jpeg', mime: 'image/jpeg', category: 'image' },
  gif: { format: 'gif', mime: 'image/gif', category: 'image' },
  webp: { format: 'webp', mime: 'image/webp', category: 'image' },
  bmp: { format: 'bmp', mime: 'image/bmp', category: 'image' },
  tiff: { format: 'tiff', mime: 'image/tiff', category: 'image' },
  ico: { format: 'ico', mime: 'image/x-icon', category: 'image' },
  avif: { format: 'avif', mime: 'image/avif', category: 'image' },
  heic: { format: 'heic', mime: 'image/heic', category: 'image' },
  mp4: { format: 'mp4', mime: 'video/mp4', category: 'video' },
  mov: { format: 'mov', mime: 'video/quicktime', category: 'video' },
  webm: { format: 'webm', mime: 'video/webm', category: 'video' },
  mkv: { format: 'mkv', mime: 'video/x-matroska', category: 'video' },
  avi: { format: 'avi', mime: 'video/x-msvideo', category: 'video' },
  pdf: { format: 'pdf', mime: 'application/pdf', category: 'document' },
};

/** The content type to serve for a format. */
export function mimeOf(format: FileFormat): string {
  return TYPES[format].mime;
}

/** Recognises a file from its leading bytes (pass at least FILE_TYPE_SNIFF_BYTES); null when unknown. */
export function detectFileType(head: Uint8Array): DetectedFileType | null {
  const format = detectFormat(head);
  return format ? TYPES[format] : null;
}

function detectFormat(b: Uint8Array): FileFormat | null {
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(b, 0, 5) === '%PDF-') return 'pdf';
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(b, 0, 4) === 'RIFF') {
    const form = ascii(b, 8, 12);
    if (form === 'WEBP') return 'webp';
    if (form === 'AVI ') return 'avi';
    return null;
  }
  if (startsWith(b, [0x1a, 0x45, 0xdf, 0xa3])) return ebmlDocType(b);
  const box = ascii(b, 4, 8);
  if (box === 'ftyp') return isoBrand(ascii(b, 8, 12));
  // QuickTime files written before the ftyp box existed open with one of these atoms.
  if (box === 'moov' || box === 'mdat' || box === 'wide') return 'mov';
  if (startsWith(b, [0x42, 0x4d]) && b.length >= 14 && b[6] === 0 && b[7] === 0 && b[8] === 0 && b[9] === 0) return 'bmp';
  if (startsWith(b, [0x49, 0x49, 0x2a, 0x00]) || startsWith(b, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (startsWith(b, [0x00, 0x00, 0x01, 0x00]) && b.length >= 6 && b[4] + b[5] > 0) return 'ico';
  return null;
}

// ISO base media files (MP4, MOV, AVIF, HEIC) name their flavour in the ftyp box's major brand.
function isoBrand(brand: string): FileFormat {
  if (brand === 'qt  ') return 'mov';
  if (brand === 'avif' || brand === 'avis') return 'avif';
  if (['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1'].includes(brand)) return 'heic';
  return 'mp4';
}

// WebM is a Matroska profile: the EBML header's DocType says which.
function ebmlDocType(b: Uint8Array): FileFormat | null {
  const header = ascii(b, 0, Math.min(b.length, FILE_TYPE_SNIFF_BYTES));
  if (header.includes('webm')) return 'webm';
  if (header.includes('matroska')) return 'mkv';
  return null;
}

function startsWith(b: Uint8Array, bytes: number[]): boolean {
  return b.length >= bytes.length && bytes.every((v, i) => b[i] === v);
}

function ascii(b: Uint8Array, from: number, to: number): string {
  if (b.length < to) return '';
  let s = '';
  for (let i = from; i < to; i++) s += String.fromCharCode(b[i]);
  return s;
}
