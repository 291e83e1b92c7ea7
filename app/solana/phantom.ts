// Phantom is the wallet the spec names for installs and mobile deep links.
export const PHANTOM_NAME = 'Phantom';
export const PHANTOM_INSTALL_URL = 'https://phantom.app/';

/** Opens the current page inside Phantom's in-app browser (mobile without the extension). */
export function phantomBrowseUrl(pageUrl: string, ref: string): string {
  return `https://phantom.app/ul/browse/${encodeURIComponent(pageUrl)}?ref=${encodeURIComponent(ref)}`;
}

export function isMobileUserAgent(userAgent: string): boolean {
  return /android|iphone|ipad|ipod|mobile/i.test(userAgent);
}

type InjectedWindow = { phantom?: { solana?: { isPhantom?: boolean } }; solana?: { isPhantom?: boolean } };

/** A wallet extension injected into the page the old way (Phantom and most others also register as Wallet Standard). */
export function hasInjectedSolanaWallet(win: unknown = window): boolean {
  const w = win as InjectedWindow;
  return Boolean(w.phantom?.solana || w.solana);
}
