import { ReceiptText } from 'lucide-react';
import { Link } from 'react-router';
import clsx from 'clsx';
import { formatTokenCompact, relativeTime } from '../../../core/format';
import { formatSol, parseSol } from '../../../core/money';
import { useAccountActivity, type WalletDonation } from '../../api/account';
import { useNow } from '../../lib/useNow';
import { DonationsCsv } from './DonationsCsv';
import { Row, Section, TxLink } from './activityParts';

type Activity = ReturnType<typeof useAccountActivity>;

/**
 * The wallet on the platform: its donations, the tokens it holds (with their value) and its
 * trades. `lead`: the page opens on it (a donor's), donations first across the whole width;
 * otherwise three cards side by side.
 */
export function AccountActivity({ activity, lead }: { activity: Activity; lead: boolean }) {
  const { holdings, trades } = activity;
  const now = new Date(useNow(30_000));
  const holdingsCard = (
    <Section title="Holdings" query={holdings} empty="No campaign tokens yet.">
      {holdings.data?.holdings.map((h) => (
        <Row key={h.campaign.token_address} to={`/campaign/${h.campaign.token_address}`} title={`$${h.campaign.ticker}`}
          detail={formatTokenCompact(BigInt(h.amount))} right={h.value_sol === null ? '—' : `${formatSol(parseSol(h.value_sol), 4)} SOL`} />
      ))}
    </Section>
  );
  const tradesCard = (
    <Section title="Trades" query={trades} empty="No trades yet.">
      {trades.data?.trades.map((t) => (
        <Row key={t.signature} to={`/campaign/${t.campaign.token_address}`} title={`${t.side === 'buy' ? 'Buy' : 'Sell'} $${t.campaign.ticker}`}
          detail={relativeTime(t.time, now)} right={<span className="inline-flex items-center gap-2">{formatSol(parseSol(t.sol), 4)} SOL <TxLink signature={t.signature} /></span>} />
      ))}
    </Section>
  );
  return (
    <div className={clsx('grid grid-cols-1 gap-6', lead ? 'lg:grid-cols-2' : 'lg:grid-cols-3')} data-testid="account-activity">
      {lead && <div className="lg:col-span-2"><YourDonations query={activity.donations} now={now} lead /></div>}
      {holdingsCard}
      {tradesCard}
      {!lead && <YourDonations query={activity.donations} now={now} lead={false} />}
    </div>
  );
}

/** The wallet's direct donations, each with its receipt, and the CSV for a year or all time. */
function YourDonations({ query, now, lead }: { query: Activity['donations']; now: Date; lead: boolean }) {
  const rows: WalletDonation[] = query.data?.donations ?? [];
  const total = rows.reduce((sum, d) => sum + BigInt(d.lamports), 0n);
  return (
    <Section
      title={lead ? 'Your donations' : 'Donations'} query={query} empty="No direct donations yet." testId="account-donations"
      summary={<p className="text-sm text-muted" data-testid="account-donations-total">{rows.length} {rows.length === 1 ? 'donation' : 'donations'} · {formatSol(total, 3)} SOL</p>}
      footer={rows.length > 0 && <DonationsCsv />}
    >
      {rows.map((d) => (
        <Row key={d.signature} to={`/campaign/${d.campaign.token_address}`} title={d.campaign.title}
          detail={relativeTime(d.time, now)} right={(
            <span className="inline-flex items-center gap-2">
              {formatSol(BigInt(d.lamports), 3)} SOL
              <Link to={d.receipt_path} aria-label="Donation receipt" title="Receipt" className="text-brand-400" data-testid="account-donation-receipt">
                <ReceiptText className="h-4 w-4" aria-hidden />
              </Link>
              <TxLink signature={d.signature} />
            </span>
          )} />
      ))}
    </Section>
  );
}
