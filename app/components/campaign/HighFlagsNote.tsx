import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { useTrust } from '../../api/trust';

/**
 * The trust panel's high-severity warnings where someone is about to trade (issue 23): each
 * sentence, and the way to the whole panel. Nothing when the token raises none.
 */
export function HighFlagsNote({ mint }: { mint: string }) {
  const high = useTrust(mint).data?.flags.filter((flag) => flag.severity === 'high') ?? [];
  if (high.length === 0) return null;
  return (
    <div className="flex items-start gap-3 rounded-xl border border-red-500/40 bg-red-500/10 p-4 text-sm text-red-300" role="note" data-testid="high-flags">
      <TriangleAlert className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="flex flex-col gap-1">
        {high.map((flag) => <p key={flag.id} data-flag={flag.id}>{flag.sentence}</p>)}
        <Link to={`/campaign/${mint}`} className="w-fit font-semibold underline">See the trust panel before you trade</Link>
      </div>
    </div>
  );
}
