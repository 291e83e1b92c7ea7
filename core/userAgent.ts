import type { Browser, DeviceType } from './enums';

export type ParsedUserAgent = { deviceType: DeviceType; browser: Browser };

/**
 * Maps a User-Agent header to the spec's device types and eight browser names.
 * Order matters: most browsers also claim to be Chrome and Safari, so the more
 * specific tokens are tested first.
 */
export function parseUserAgent(userAgent: string | null | undefined): ParsedUserAgent {
  const ua = userAgent ?? '';
  return { deviceType: deviceTypeOf(ua), browser: browserOf(ua) };
}

function deviceTypeOf(ua: string): DeviceType {
  if (/iPad|Tablet|PlayBook|Silk|Kindle/i.test(ua)) return 'tablet';
  // Android phones say "Mobile"; Android tablets do not.
  if (/Android/i.test(ua) && !/Mobile/i.test(ua)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|BlackBerry|IEMobile|Opera Mini|Windows Phone/i.test(ua)) return 'mobile';
  return 'desktop';
}

function browserOf(ua: string): Browser {
  if (/SamsungBrowser\//.test(ua)) return 'samsung';
  if (/\bOPR\/|\bOPT\/|Opera/.test(ua)) return 'opera';
  if (/\bEdg(e|A|iOS)?\//.test(ua)) return 'edge';
  if (/MSIE |Trident\//.test(ua)) return 'ie';
  if (/Firefox\/|FxiOS\//.test(ua)) return 'firefox';
  if (/Chrome\/|CriOS\/|Chromium\//.test(ua)) return 'chrome';
  if (/Safari\//.test(ua) && /Version\/|Mobile\//.test(ua)) return 'safari';
  return 'unknown';
}
