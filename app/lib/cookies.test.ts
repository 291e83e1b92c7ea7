import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteCookie, getCookie, setCookie, setPreference } from './cookies';
import { recordWalletConnection } from './functionalCookies';

// Spec 2 section 9: every cookie the app writes has path /, SameSite=Lax, and Secure on
// https. The unit project has no browser: a document that keeps what is written to
// document.cookie (as a browser's jar would, by name) and a location of either scheme.

function browserAt(protocol: 'https:' | 'http:') {
  const writes: string[] = [];
  const jar = new Map<string, string>();
  const document = {
    get cookie() { return [...jar].map(([name, value]) => `${name}=${value}`).join('; '); },
    set cookie(text: string) {
      writes.push(text);
      const [pair = ''] = text.split('; ');
      const [name = '', value = ''] = pair.split('=');
      if (/expires=Thu, 01 Jan 1970/.test(text)) jar.delete(name);
      else jar.set(name, value);
    },
  };
  vi.stubGlobal('document', document);
  vi.stubGlobal('location', { protocol });
  return { writes, jar };
}

/** A written cookie's attributes, by lower-case name ('secure' maps to ''). */
function attributes(text: string): Map<string, string> {
  return new Map(text.split('; ').slice(1).map((part) => {
    const [name = '', ...value] = part.split('=');
    return [name.toLowerCase(), value.join('=')];
  }));
}

afterEach(() => { vi.unstubAllGlobals(); });

describe('setCookie', () => {
  it('adds Secure on https, with path / and SameSite=Lax', () => {
    const { writes } = browserAt('https:');
    setCookie('theme-preference', 'dark', 365);
    expect(writes).toHaveLength(1);
    const attrs = attributes(writes[0]!);
    expect(writes[0]!.startsWith('theme-preference=dark; ')).toBe(true);
    expect(attrs.get('path')).toBe('/');
    expect(attrs.get('samesite')).toBe('Lax');
    expect(attrs.has('secure')).toBe(true);
    const days = (Date.parse(attrs.get('expires')!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365);
  });

  it('leaves Secure off on http (a browser would drop a Secure cookie there)', () => {
    const { writes } = browserAt('http:');
    setCookie('theme-preference', 'dark', 365);
    const attrs = attributes(writes[0]!);
    expect(attrs.has('secure')).toBe(false);
    expect([attrs.get('path'), attrs.get('samesite')]).toEqual(['/', 'Lax']);
  });

  it('the consent and functional cookies go through it: Secure on https as well', () => {
    const { writes } = browserAt('https:');
    setPreference('functional', true);
    recordWalletConnection('Phantom');
    expect(writes.map((w) => w.split('=')[0])).toEqual(['user-preferences-functional', 'wallet-connection']);
    for (const written of writes) expect(attributes(written).has('secure')).toBe(true);
  });

  it('round-trips encoded values and deletes on the same path', () => {
    const { writes } = browserAt('https:');
    setCookie('wallet-connection', 'Local wallet', 30);
    expect(getCookie('wallet-connection')).toBe('Local wallet');
    deleteCookie('wallet-connection');
    expect(getCookie('wallet-connection')).toBeUndefined();
    expect(attributes(writes[1]!).get('path')).toBe('/');
  });
});
