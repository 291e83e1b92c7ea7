import { OG_IMAGE } from '../../core/constants';
import { cutText, escapeMarkup } from './escape';
import { OG_FONT_FAMILY, svgToPng } from './renderer';

export type OgCard = {
  title: string;
  ticker: string;
  /** The logo's bytes as a data: URL (PNG, JPEG or GIF), or null for a lettered tile. */
  logoDataUrl: string | null;
  /** Two short lines of figures: raised of goal; market cap and holders. */
  figures: [string, string];
  /** Raised / goal, 0..1, for the bar. */
  progress: number;
};

const { width: W, height: H } = OG_IMAGE;
const TEXT_X = 460;
const TEXT_WIDTH = W - TEXT_X - 60;
const TITLE_SIZE = 56;

// Advance widths of DejaVu Sans Bold in ems, by kind of character: enough to wrap without
// measuring (the renderer lays the text out itself; this only has to err on the wide side).
function emWidth(char: string): number {
  if (' '.includes(char)) return 0.35;
  if ('iljtf.,:;!|\'`'.includes(char)) return 0.4;
  if ('mwMW@'.includes(char)) return 1.0;
  if (/[A-Z0-9&%#$]/.test(char)) return 0.8;
  if (/[a-z]/.test(char)) return 0.7;
  return 1.0;
}
const textWidth = (text: string, size: number) => [...text].reduce((sum, c) => sum + emWidth(c) * size, 0);

/** Cuts `text` to fit `width`, ending it with an ellipsis when anything was cut. */
function fitLine(text: string, size: number, width: number, cut = false): string {
  const chars = [...text];
  if (!cut && textWidth(text, size) <= width) return text;
  while (chars.length > 0 && textWidth(`${chars.join('')}…`, size) > width) chars.pop();
  return `${chars.join('').trimEnd()}…`;
}

/** Up to two lines of the title, words kept whole where they fit, the rest cut with an ellipsis. */
function titleLines(title: string): string[] {
  const words = cutText(title, 120).split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let i = 0;
  while (i < words.length && lines.length < 2) {
    let line = words[i++]!;
    while (i < words.length && textWidth(`${line} ${words[i]}`, TITLE_SIZE) <= TEXT_WIDTH) line = `${line} ${words[i++]}`;
    lines.push(line);
  }
  const cutOff = i < words.length;
  return lines.map((line, n) => fitLine(line, TITLE_SIZE, TEXT_WIDTH, cutOff && n === lines.length - 1));
}

/** The campaign's 1200x630 sharing card as an SVG document. */
export function ogCardSvg(card: OgCard): string {
  const lines = titleLines(card.title);
  const logo = card.logoDataUrl
    ? `<image href="${escapeMarkup(card.logoDataUrl)}" x="80" y="155" width="320" height="320" preserveAspectRatio="xMidYMid slice" clip-path="url(#logo)"/>`
    : `<rect x="80" y="155" width="320" height="320" rx="48" fill="#0d9488"/>
  <text x="240" y="365" font-size="160" font-weight="bold" fill="#ffffff" text-anchor="middle">${escapeMarkup([...card.title.trim()][0]?.toUpperCase() ?? '?')}</text>`;
  const titleY = lines.length === 1 ? 260 : 215;
  const barWidth = Math.round(TEXT_WIDTH * Math.min(1, Math.max(0, card.progress)));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="${OG_FONT_FAMILY}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0f172a"/><stop offset="1" stop-color="#134e4a"/></linearGradient>
    <clipPath id="logo"><rect x="80" y="155" width="320" height="320" rx="48"/></clipPath>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  ${logo}
  ${lines.map((line, i) => `<text x="${TEXT_X}" y="${titleY + i * 68}" font-size="${TITLE_SIZE}" font-weight="bold" fill="#ffffff">${escapeMarkup(line)}</text>`).join('\n  ')}
  <text x="${TEXT_X}" y="${titleY + lines.length * 68 - 8}" font-size="34" fill="#5eead4">$${escapeMarkup(cutText(card.ticker, 10))}</text>
  <rect x="${TEXT_X}" y="400" width="${TEXT_WIDTH}" height="16" rx="8" fill="#334155"/>
  ${barWidth > 0 ? `<rect x="${TEXT_X}" y="400" width="${barWidth}" height="16" rx="8" fill="${card.progress >= 1 ? '#facc15' : '#14b8a6'}"/>` : ''}
  <text x="${TEXT_X}" y="462" font-size="32" font-weight="bold" fill="#f8fafc">${escapeMarkup(fitLine(card.figures[0], 32, TEXT_WIDTH))}</text>
  <text x="${TEXT_X}" y="508" font-size="28" fill="#cbd5e1">${escapeMarkup(fitLine(card.figures[1], 28, TEXT_WIDTH * 1.2))}</text>
  <text x="80" y="580" font-size="28" font-weight="bold" fill="#94a3b8">Causemint</text>
</svg>`;
}

/** The sharing card as PNG bytes. */
export function renderOgImage(card: OgCard): Promise<Buffer> {
  return svgToPng(ogCardSvg(card));
}
