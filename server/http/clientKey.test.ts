import { describe, expect, it } from 'vitest';
import { clientKey, networkKey } from './clientKey';

describe('clientKey', () => {
  it('keeps IPv4 (and IPv4-mapped) addresses, folds IPv6 to its /64', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('::ffff:203.0.113.7');
    expect(clientKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });

  it('folds an address to the network a signed-out report counts as: IPv4 /24, IPv6 /48', () => {
    expect(networkKey('203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkKey('127.0.0.3')).toBe(networkKey('127.0.0.1'));
    expect(networkKey('::ffff:203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkKey('2001:db8:1:2::1')).toBe('2001:db8:1::/48');
    expect(networkKey('2001:db8:1:ffff:1:2:3:4')).toBe('2001:db8:1::/48');
    expect(networkKey('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(networkKey('::1')).toBe('0:0:0::/48');
  });
});
