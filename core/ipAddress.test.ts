import { describe, expect, it } from 'vitest';
import { formatIpAddress, formatIpRange, parseIpAddress, parseIpRange, rangeContains } from './ipAddress';
import { IpBlockCreateSchema, SECURITY_MESSAGES } from './schemas/security';

const canonical = (text: string) => {
  const range = parseIpRange(text);
  return range && formatIpRange(range);
};
const within = (range: string, address: string) => rangeContains(parseIpRange(range)!, parseIpAddress(address)!);

describe('IP addresses and ranges', () => {
  it('reads IPv4 and IPv6 in their usual spellings and writes the canonical text', () => {
    expect(canonical('203.0.113.7')).toBe('203.0.113.7');
    expect(canonical(' 10.1.2.3/8 ')).toBe('10.0.0.0/8');
    expect(canonical('2001:DB8:0:0:0:0:0:1')).toBe('2001:db8::1');
    expect(canonical('2001:db8:0:0:1:0:0:1')).toBe('2001:db8::1:0:0:1');
    expect(canonical('2001:0db8:0000:0000:0000:ff00:0042:8329/64')).toBe('2001:db8::/64');
    expect(canonical('::')).toBe('::');
    expect(canonical('::1')).toBe('::1');
    expect(canonical('1::')).toBe('1::');
    expect(canonical('1:0:1:1:1:1:1:1')).toBe('1:0:1:1:1:1:1:1');
    expect(canonical('64:ff9b::192.0.2.33')).toBe('64:ff9b::c000:221');
    // An IPv4-mapped IPv6 address is the IPv4 address; its prefix counts the 96 bits in front.
    expect(canonical('::ffff:198.51.100.4')).toBe('198.51.100.4');
    expect(canonical('::ffff:198.51.100.0/120')).toBe('198.51.100.0/24');
    expect(formatIpAddress(parseIpAddress('::ffff:7f00:1')!)).toBe('127.0.0.1');
    expect(parseIpAddress('fe80::1%eth0')).toEqual(parseIpAddress('fe80::1'));
  });

  it('refuses what is not an address', () => {
    for (const bad of ['', 'localhost', '1.2.3', '1.2.3.4.5', '1.2.3.256', '01.2.3.4', '1.2.3.-1', '1.2.3.4/33', '1.2.3.4/', '1.2.3.4/08',
      '1.2.3.4/8/8', '::1/129', '1:2:3:4:5:6:7:8:9', '1::2::3', ':1:2:3:4:5:6:7', '12345::', 'g::1', '1:2:3:4:5:6:7:8::', 'fe80::1%eth0/64', '::ffff:1.2.3.4/95']) {
      expect(parseIpRange(bad), bad).toBeNull();
    }
  });

  it('matches an address inside a range, never across versions', () => {
    expect(within('203.0.113.0/24', '203.0.113.255')).toBe(true);
    expect(within('203.0.113.0/24', '203.0.114.0')).toBe(false);
    expect(within('203.0.113.7', '203.0.113.7')).toBe(true);
    expect(within('203.0.113.7', '203.0.113.8')).toBe(false);
    expect(within('10.0.0.0/8', '::ffff:10.200.0.1')).toBe(true);
    expect(within('2001:db8::/32', '2001:db8:ffff::1')).toBe(true);
    expect(within('2001:db8::/32', '2001:db9::1')).toBe(false);
    expect(within('2001:db8::1', '2001:0db8::0001')).toBe(true);
    expect(within('::/16', '0.0.0.1')).toBe(false);
    expect(within('0.0.0.0/8', '::1')).toBe(false);
  });

  it('the block form refuses empty, malformed and too-wide input with its message', () => {
    const error = (address: unknown) => {
      const r = IpBlockCreateSchema.safeParse({ address });
      return r.success ? null : r.error.issues[0].message;
    };
    expect(error('')).toBe(SECURITY_MESSAGES.addressRequired);
    expect(error('   ')).toBe(SECURITY_MESSAGES.addressRequired);
    expect(error(undefined)).toBe(SECURITY_MESSAGES.addressRequired);
    expect(error('999.1.1.1')).toBe(SECURITY_MESSAGES.addressInvalid);
    expect(error('10.0.0.0/7')).toBe(SECURITY_MESSAGES.tooWide);
    expect(error('2001::/15')).toBe(SECURITY_MESSAGES.tooWide);
    expect(error('10.0.0.0/8')).toBeNull();
    expect(IpBlockCreateSchema.parse({ address: ' 2001:DB8::5/48 ' }).address).toBe('2001:db8::/48');
  });
});
