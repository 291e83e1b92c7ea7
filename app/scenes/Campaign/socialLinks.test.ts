import { describe, expect, it } from 'vitest';
import { socialUrl } from './socialLinks';

describe('socialUrl', () => {
  it('links handles and keeps URLs', () => {
    expect(socialUrl('twitter', '@cleanwater')).toBe('https://x.com/cleanwater');
    expect(socialUrl('telegram', 't.me/cleanwater')).toBe('https://t.me/cleanwater');
    expect(socialUrl('twitter', 'https://x.com/abc')).toBe('https://x.com/abc');
  });
  it('drops empty or unusable values', () => {
    expect(socialUrl('twitter', '')).toBeNull();
    expect(socialUrl('telegram', null)).toBeNull();
    expect(socialUrl('twitter', 'not a handle!')).toBeNull();
  });
});
