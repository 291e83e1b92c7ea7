/**
 * The creator's story as plain text: a blank line starts a paragraph, a single line end stays
 * a line end, and links stay text (React escapes everything; nothing becomes an anchor, so a
 * story cannot send a donor to a look-alike site with one click).
 */
export function Story({ text }: { text: string }) {
  const paragraphs = text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
  return (
    <div className="mt-2 flex flex-col gap-3 text-muted" data-testid="campaign-story">
      {paragraphs.map((paragraph, i) => <p key={i} className="whitespace-pre-line break-words">{paragraph}</p>)}
    </div>
  );
}
