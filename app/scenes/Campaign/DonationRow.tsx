import { ExternalLink, ReceiptText } from 'lucide-react';
import { Link } from 'react-router';
import clsx from 'clsx';
import { formatSolFixed, relativeTime, shortAddress } from '../../../core/format';
import type { Donation } from '../../api/donations';

const sol3 = (lamports: string) => `${formatSolFixed(BigInt(lamports), 3)} SOL`;

/**
 * One row of the Donations tab. A transfer that counted only in part, or not at all, keeps
 * its row: the figure is what counted (struck through when nothing did), and a line under
 * it says what did not and why. Only what counted has a receipt.
 */
export function DonationRow({ donation: d, newest, now, explorerTx }: { donation: Donation; newest: boolean; now: Date; explorerTx?: (signature: string) => string }) {
  const counted = BigInt(d.lamports);
  const none = counted === 0n && d.notCounted.length > 0;
  const partly = !none && d.notCounted.length > 0;
  return (
    <li className="flex flex-col gap-1 py-3 text-sm" data-testid="donation-row" data-kind={d.kind} data-counted={none ? 'none' : partly ? 'part' : 'all'}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        {none
          ? <span className="font-bold text-muted line-through" data-testid="donation-amount">{sol3(d.sentLamports)}</span>
          : <span className="font-bold" data-testid="donation-amount">{sol3(d.lamports)}{partly && <span className="font-normal text-muted"> of {sol3(d.sentLamports)} sent</span>}</span>}
        <span className={clsx('rounded-full px-2 py-0.5 text-xs font-semibold', d.kind === 'reward' ? 'bg-brand-500/15 text-brand-400' : 'bg-sky-500/15 text-sky-400')}>
          {d.kind === 'reward' ? 'Trading reward' : 'Direct donation'}
        </span>
        {none && <span className="rounded-full bg-line px-2 py-0.5 text-xs font-semibold text-muted">Not counted</span>}
        <span className="font-mono text-xs text-muted">{shortAddress(d.from)}</span>
        <span className="ml-auto text-xs text-muted">{relativeTime(d.timestamp, now)}</span>
        <span className={clsx('text-xs font-semibold', newest ? 'text-gold-500' : 'text-muted')}>{newest ? 'New' : 'Confirmed'}</span>
        {d.receiptPath && (
          <Link to={d.receiptPath} aria-label="Donation receipt" title="Receipt" className="text-brand-400 hover:text-brand-500" data-testid="donation-receipt">
            <ReceiptText className="h-4 w-4" aria-hidden />
          </Link>
        )}
        {explorerTx && (
          <a href={explorerTx(d.signature)} target="_blank" rel="noopener noreferrer" aria-label="View transaction" className="text-brand-400 hover:text-brand-500">
            <ExternalLink className="h-4 w-4" aria-hidden />
          </a>
        )}
      </div>
      {d.notCounted.map((part) => (
        <p key={part.reason} className="text-xs text-muted" data-testid="donation-not-counted">
          {none && d.notCounted.length === 1 ? 'Not counted' : `${sol3(part.lamports)} not counted`}: {part.text}.
        </p>
      ))}
    </li>
  );
}
