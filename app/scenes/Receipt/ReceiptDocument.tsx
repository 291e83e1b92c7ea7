import type { ReactNode } from 'react';
import { ExternalLink, Printer } from 'lucide-react';
import { Link } from 'react-router';
import { formatSol, parseSol } from '../../../core/money';
import { formatUsdText as usd } from '../../../core/receipt';
import type { Receipt, ReceiptLine } from '../../api/receipts';
import { CopyButton } from '../../components/CopyButton';
import { Button } from '../../components/ui/Button';

const dateTime = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'long' });

/** The receipt itself: what a donor files for their records, laid out for paper as well as the screen. */
export function ReceiptDocument({ receipt }: { receipt: Receipt }) {
  const several = receipt.lines.length > 1;
  // The address this page was opened at (the server's PUBLIC_URL may name another host for the same site).
  const link = `${window.location.origin}/receipt/${receipt.signature}/${receipt.donor}`;
  return (
    <article className="rounded-2xl border border-line bg-surface-2 p-6 sm:p-8 print:rounded-none print:border-0 print:p-0" data-testid="receipt">
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-line pb-5">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-500 uppercase">Causemint</p>
          <h1 className="mt-1 text-2xl font-bold sm:text-3xl">Donation receipt</h1>
        </div>
        <div className="flex gap-2 print:hidden">
          <CopyButton text={link} label="Copy receipt link" toastTitle="Link Copied" testId="copy-receipt-link" />
          <Button variant="secondary" onClick={() => window.print()} data-testid="print-receipt"><Printer className="h-4 w-4" aria-hidden /> Print</Button>
        </div>
      </header>

      <dl className="divide-y divide-line">
        <Field label="Donor (wallet)"><Mono>{receipt.donor}</Mono></Field>
        <Field label="Amount">
          <span className="text-lg font-bold" data-testid="receipt-amount">{formatSol(parseSol(receipt.total_sol))} SOL</span>
          {receipt.total_usd_estimate !== null && (
            <span className="block text-sm text-muted" data-testid="receipt-usd">
              about {usd(receipt.total_usd_estimate)} USD (an estimate at {usd(receipt.lines[0]!.sol_usd!)} per SOL, the platform's rate that day)
            </span>
          )}
        </Field>
        <Field label="Date and time">{dateTime(receipt.time)} <span className="text-muted">({receipt.time.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')})</span></Field>
        {receipt.lines.map((line) => <LineFields key={line.campaign.token_address} line={line} several={several} />)}
        <Field label="Transaction">
          <Mono>{receipt.signature}</Mono>
          <a href={receipt.explorer_url} target="_blank" rel="noopener noreferrer" className="mt-1 inline-flex items-center gap-1 text-sm font-semibold text-brand-500 hover:underline print:hidden">
            View on the explorer <ExternalLink className="h-3.5 w-3.5" aria-hidden />
          </a>
          <span className="hidden text-xs break-all text-muted print:block">{receipt.explorer_url}</span>
        </Field>
      </dl>

      <footer className="mt-6 space-y-2 border-t border-line pt-5 text-sm">
        <p className="font-semibold" data-testid="receipt-statement">{receipt.statement}</p>
        <p className="text-muted">{receipt.note}</p>
        <p className="text-xs text-muted">Receipt link: <span className="break-all">{link}</span></p>
      </footer>
    </article>
  );
}

function LineFields({ line, several }: { line: ReceiptLine; several: boolean }) {
  return (
    <>
      <Field label="Campaign">
        <Link to={`/campaign/${line.campaign.token_address}`} className="font-semibold hover:underline">{line.campaign.title}</Link>
        <span className="text-muted"> (${line.campaign.ticker})</span>
        {several && <span className="block text-sm text-muted">{formatSol(parseSol(line.sol))} SOL of this transaction</span>}
        {line.not_counted.map((part) => (
          <span key={part.reason} className="block text-sm text-muted" data-testid="receipt-line-not-counted">
            {formatSol(parseSol(part.sol))} SOL of the {formatSol(parseSol(line.sent_sol))} SOL sent is not part of this receipt: {part.text}.
          </span>
        ))}
      </Field>
      <Field label="Received by">
        <span data-testid="receipt-recipient">{line.recipient.description}</span>
        <Mono>{line.to}</Mono>
      </Field>
    </>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[11rem_1fr] sm:gap-4">
      <dt className="text-sm font-semibold text-muted">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

const Mono = ({ children }: { children: string }) => <span className="block font-mono text-sm break-all">{children}</span>;
