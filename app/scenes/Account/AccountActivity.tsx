import type { ReactNode } from 'react';
import { ExternalLink, ReceiptText } from 'lucide-react';
import { Link } from 'react-router';
import { formatTokenCompact, relativeTime } from '../../../core/format';
import { formatSol, parseSol } from '../../../core/money';
import { useAccountActivity } from '../../api/account';
import { errorMessage } from '../../api/client';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { useNow } from '../../lib/useNow';
import { useExplorer } from '../../solana/useExplorer';
import { DonationsCsv } from './DonationsCsv';

/** The wallet on the platform: the tokens it holds (with their value), its trades and its donations. */
export function AccountActivity({ wallet }: { wallet: string | null }) {
  const { holdings, trades, donations } = useAccountActivity(wallet);
  const explorer = useExplorer();
  const now = new Date(useNow(30_000));
  const txLink = (signature: string) => explorer && (
    <a href={explorer.tx(signature)} target="_blank" rel="noopener noreferrer" aria-label="View transaction" className="text-brand-400"><ExternalLink className="h-4 w-4" aria-hidden /></a>
  );
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-3" data-testid="account-activity">
      <Section title="Holdings" query={holdings} empty="No campaign tokens yet.">
        {holdings.data?.holdings.map((h) => (
          <Row key={h.campaign.token_address} to={`/campaign/${h.campaign.token_address}`} title={`$${h.campaign.ticker}`}
            detail={formatTokenCompact(BigInt(h.amount))} right={h.value_sol === null ? '—' : `${formatSol(parseSol(h.value_sol), 4)} SOL`} />
        ))}
      </Section>
      <Section title="Trades" query={trades} empty="No trades yet.">
        {trades.data?.trades.map((t) => (
          <Row key={t.signature} to={`/campaign/${t.campaign.token_address}`} title={`${t.side === 'buy' ? 'Buy' : 'Sell'} $${t.campaign.ticker}`}
            detail={relativeTime(t.time, now)} right={<span className="inline-flex items-center gap-2">{formatSol(parseSol(t.sol), 4)} SOL {txLink(t.signature)}</span>} />
        ))}
      </Section>
      <Section title="Donations" query={donations} empty="No direct donations yet." footer={donations.data && donations.data.donations.length > 0 && <DonationsCsv />}>
        {donations.data?.donations.map((d) => (
          <Row key={d.signature} to={`/campaign/${d.campaign.token_address}`} title={d.campaign.title}
            detail={relativeTime(d.time, now)} right={(
              <span className="inline-flex items-center gap-2">
                {formatSol(BigInt(d.lamports), 3)} SOL
                <Link to={`/receipt/${d.signature}`} aria-label="Donation receipt" title="Receipt" className="text-brand-400" data-testid="account-donation-receipt">
                  <ReceiptText className="h-4 w-4" aria-hidden />
                </Link>
                {txLink(d.signature)}
              </span>
            )} />
        ))}
      </Section>
    </div>
  );
}

type QueryLike = { isPending: boolean; isError: boolean; error: unknown; data?: Record<string, unknown[]> };

function Section({ title, query, empty, children, footer }: { title: string; query: QueryLike; empty: string; children: ReactNode; footer?: ReactNode }) {
  const rows = query.data ? Object.values(query.data)[0] : undefined;
  return (
    <Card className="min-w-0 p-5">
      <h2 className="text-lg font-bold">{title}</h2>
      {query.isPending && <Spinner label={`Loading ${title.toLowerCase()}...`} />}
      {query.isError && <p className="mt-2 text-sm text-muted" role="alert">{errorMessage(query.error, `Failed to load ${title.toLowerCase()}`)}</p>}
      {rows?.length === 0 && <p className="mt-2 text-sm text-muted">{empty}</p>}
      {rows && rows.length > 0 && <ul className="mt-2 divide-y divide-line">{children}</ul>}
      {footer}
    </Card>
  );
}

function Row({ to, title, detail, right }: { to: string; title: string; detail: string; right: ReactNode }) {
  return (
    <li className="flex items-center justify-between gap-3 py-2 text-sm">
      <div className="min-w-0">
        <Link to={to} className="block truncate font-semibold hover:underline">{title}</Link>
        <p className="text-xs text-muted">{detail}</p>
      </div>
      <div className="shrink-0 text-right font-semibold">{right}</div>
    </li>
  );
}
