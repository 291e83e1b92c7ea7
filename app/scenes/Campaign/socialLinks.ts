/** A social field as the creator typed it (a URL or a handle) as a link, or null when empty or unusable. */
export function socialUrl(kind: 'twitter' | 'telegram' | 'discord', value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^https?:\/\//i.test(text)) return text;
  // Discord has no profile URL for a handle: only an invite (discord.gg/code) is a link.
  if (kind === 'discord') {
    const invite = text.replace(/^(www\.)?(discord\.gg|discord\.com\/invite)\//i, '');
    return invite !== text && /^[A-Za-z0-9-]{2,64}$/.test(invite) ? `https://discord.gg/${invite}` : null;
  }
  const handle = text.replace(/^@/, '').replace(/^(www\.)?(twitter\.com|x\.com|t\.me)\//i, '');
  if (!/^[A-Za-z0-9_]{1,64}$/.test(handle)) return null;
  return kind === 'twitter' ? `https://x.com/${handle}` : `https://t.me/${handle}`;
}
