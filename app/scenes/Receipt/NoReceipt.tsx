import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { formatSol, parseSol } from '../../../core/money';
import type { NotCountedTransfer } from '../../api/receipts';
import { Card } from '../../components/ui/Card';

const sol = (text: string) => `${formatSol(parseSol(text))} SOL`;

/** A transfer of which nothing counted as a donation: no amount, no receipt, and why. */
export function NoReceipt({ transfer }: { transfer: NotCountedTransfer }) {
  return (
    <Card className="flex flex-col gap-4" role="status" data-testid="receipt-not-counted">
      <div>
        <p className="text-sm font-semibold tracking-wide text-brand-500 uppercase">Causemint</p>
        <h1 className="mt-1 text-2xl font-bold">No receipt for this transfer</h1>
      </div>
      <p className="text-sm">
        This transfer of {sol(transfer.sent_sol)} from <span className="font-mono break-all">{transfer.donor}</span> is recorded, but none of it
        counted as a donation, so it is not part of what the campaign raised and there is no receipt for it.
      </p>
      <ul className="flex flex-col gap-2 text-sm">
        {transfer.lines.map((line) => (
          <li key={line.campaign.token_address} className="rounded-lg border border-line bg-surface p-3">
            <Link to={`/campaign/${line.campaign.token_address}`} className="font-semibold hover:underline">{line.campaign.title}</Link>
            <span className="text-muted"> (${line.campaign.ticker})</span>
            {line.not_counted.map((part) => (
              <p key={part.reason} className="mt-1 text-muted" data-testid="receipt-not-counted-reason">
                {line.not_counted.length === 1 ? 'Not counted' : `${sol(part.sol)} not counted`}: {part.text}.
              </p>
            ))}
          </li>
        ))}
      </ul>
      <a href={transfer.explorer_url} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-500 hover:underline">
        View the transaction on the explorer <ExternalLink className="h-3.5 w-3.5" aria-hidden />
      </a>
    </Card>
  );
}
