/** A social field as the creator typed it (a URL or a handle) as a link, or null when empty or unusable. */
export function socialUrl(kind: 'twitter' | 'telegram', value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^https?:\/\//i.test(text)) return text;
  const handle = text.replace(/^@/, '').replace(/^(www\.)?(twitter\.com|x\.com|t\.me)\//i, '');
  if (!/^[A-Za-z0-9_]{1,64}$/.test(handle)) return null;
  return kind === 'twitter' ? `https://x.com/${handle}` : `https://t.me/${handle}`;
}
