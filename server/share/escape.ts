const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe inside an HTML or XML attribute value or element. */
export const escapeMarkup = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** At most `max` characters (code points, so an emoji is never cut in half), with no control characters. */
export function cutText(text: string, max: number): string {
  const clean = [...text].map((c) => (c.charCodeAt(0) < 32 || c === '\u007f' ? ' ' : c)).join('').trim();
  const chars = [...clean];
  return chars.length <= max ? clean : chars.slice(0, max).join('');
}
