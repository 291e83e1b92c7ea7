import { describe, expect, it } from 'vitest';
import { socialUrl } from './socialLinks';

describe('socialUrl', () => {
  it('links handles and keeps URLs', () => {
    expect(socialUrl('twitter', '@cleanwater')).toBe('https://x.com/cleanwater');
    expect(socialUrl('telegram', 't.me/cleanwater')).toBe('https://t.me/cleanwater');
    expect(socialUrl('twitter', 'https://x.com/abc')).toBe('https://x.com/abc');
  });
  it('links a Discord invite, never a bare username (Discord has no profile URLs)', () => {
    expect(socialUrl('discord', 'discord.gg/wells')).toBe('https://discord.gg/wells');
    expect(socialUrl('discord', 'discord.com/invite/ab-12')).toBe('https://discord.gg/ab-12');
    expect(socialUrl('discord', 'https://discord.gg/xyz')).toBe('https://discord.gg/xyz');
    expect(socialUrl('discord', 'wellsbuilder')).toBeNull();
  });
  it('drops empty or unusable values', () => {
    expect(socialUrl('twitter', '')).toBeNull();
    expect(socialUrl('telegram', null)).toBeNull();
    expect(socialUrl('twitter', 'not a handle!')).toBeNull();
  });
});
