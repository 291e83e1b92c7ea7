import { shortAddress } from '../../../core/format';
import type { CommentAuthor as Author, CommentBadge } from '../../../core/schemas/comment';

const badgeText = (b: CommentBadge) => (b.kind === 'creator' ? 'Creator' : b.kind === 'donor' ? 'Donor' : `Holder ${b.share_percent}%`);
const badgeTone: Record<CommentBadge['kind'], string> = {
  creator: 'border-brand-500/50 bg-brand-500/15 text-brand-700 dark:text-brand-300',
  holder: 'border-sky-500/40 bg-sky-500/10 text-sky-700 dark:text-sky-300',
  donor: 'border-emerald-500/40 bg-emerald-500/10 text-emerald-700 dark:text-emerald-300',
};

/** A comment's author: photo (or initials), profile name, short address and badges. Shared by the tab and the admin page. */
export function CommentAuthor({ author, at }: { author: Author; at: string }) {
  const name = author.username ?? shortAddress(author.wallet);
  return (
    <div className="flex min-w-0 items-center gap-2">
      {author.profile_photo
        ? <img src={author.profile_photo} alt="" className="h-8 w-8 shrink-0 rounded-full object-cover" />
        : <span aria-hidden className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-surface-3 text-xs font-bold text-muted">{author.wallet.slice(0, 2)}</span>}
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <span className="truncate font-semibold" data-testid="comment-author">{name}</span>
          {author.username && <span className="font-mono text-xs text-muted" title={author.wallet}>{shortAddress(author.wallet)}</span>}
          {author.badges.map((b) => (
            <span key={b.kind} data-testid={`badge-${b.kind}`} className={`rounded-full border px-2 py-0.5 text-[11px] font-semibold ${badgeTone[b.kind]}`}>{badgeText(b)}</span>
          ))}
        </p>
        <p className="text-xs text-muted"><time dateTime={at}>{new Date(at).toLocaleString()}</time></p>
      </div>
    </div>
  );
}

/** A comment's text as plain text: links stay text, never anchors (React escapes it; nothing turns URLs into links). */
export function CommentBody({ body }: { body: string }) {
  return <p className="mt-2 whitespace-pre-line break-words text-sm" data-testid="comment-body">{body}</p>;
}
