import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { holdersText, walletsText } from '../../../../core/holders';
import { recipientDescription } from '../../../../core/receipt';
import { CREATOR_CONTROLS_SENTENCE } from '../../../../core/trust/walletProof';
import type { CampaignTrust } from '../../../api/trust';
import { ExplorerAddress } from '../../../components/ExplorerAddress';
import { percent, sol, tokens, when } from './format';

export function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <section className="border-t border-line pt-4" data-testid={testId}>
      <h3 className="text-sm font-semibold">{title}</h3>
      <div className="mt-2 space-y-1.5 text-sm">{children}</div>
    </section>
  );
}

export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-3">
      <span className="shrink-0 text-muted">{label}</span>
      <span className="min-w-0 text-right">{children}</span>
    </div>
  );
}

export function HolderSection({ holders }: { holders: NonNullable<CampaignTrust['holders']> }) {
  return (
    <Section title="Holders" testId="trust-holders">
      <Row label="Holders">{holdersText(holders.holderCount)}</Row>
      <Row label="Top 10 hold">{holders.holderCount <= 10 && holders.holderCount > 0 ? `${percent(holders.top10.percent)} (only ${holdersText(holders.holderCount)})` : percent(holders.top10.percent)}</Row>
      {holders.largest && <Row label="The largest other wallet holds">{percent(holders.largest.percent)}</Row>}
      <Row label="The creator holds">{percent(holders.creator.percent)}</Row>
      <p className="text-xs text-muted">Shares of the tokens in circulation: the curve's pool and the platform's wallets are left out. The Holders tab lists the largest 50.</p>
    </Section>
  );
}

export function CreatorTradesSection({ trades }: { trades: CampaignTrust['creatorTrades'] }) {
  return (
    <Section title="The creator's trades" testId="trust-creator-trades">
      <Row label="Creator"><ExplorerAddress address={trades.wallet} /></Row>
      <Row label="Initial buy">{trades.initialBuy ? `${tokens(trades.initialBuy.tokens)} for ${sol(trades.initialBuy.lamports)}` : 'None'}</Row>
      <Row label="Later buys">{trades.buys.count === 0 ? 'None' : `${trades.buys.count}: ${tokens(trades.buys.tokens)} for ${sol(trades.buys.lamports)}`}</Row>
      <Row label="Sells">{trades.sells.count === 0 ? 'None' : `${trades.sells.count}: ${tokens(trades.sells.tokens)} for ${sol(trades.sells.lamports)}`}</Row>
      {trades.sells.count > 0 && <Row label="Sold of what they bought">{percent(trades.soldPercentOfBought)}</Row>}
      <Row label="Last sell">{when(trades.lastSellAt, 'Never')}</Row>
      {trades.transferredOutTokens !== null && (
        <Row label="Moved to other wallets">{`${trades.transfersExact ? '' : 'at least '}${tokens(trades.transferredOutTokens)}`}</Row>
      )}
      {trades.transferredInTokens !== null && trades.transferredInTokens !== '0' && <Row label="Received from other wallets">{tokens(trades.transferredInTokens)}</Row>}
      {trades.funded && trades.funded.wallets.length > 0 && (
        <Row label="Wallets they paid for">
          {`${walletsText(trades.funded.wallets.length)}: bought ${tokens(trades.funded.boughtTokens)}, sold ${tokens(trades.funded.soldTokens)} (counted as the creator's)`}
        </Row>
      )}
    </Section>
  );
}

export function EarlyBuyersSection({ early, clusters }: { early: CampaignTrust['earlyBuyers']; clusters: CampaignTrust['fundingClusters'] }) {
  const largest = clusters?.reduce<NonNullable<CampaignTrust['fundingClusters']>[number] | null>(
    (top, c) => (top === null || BigInt(c.tokensNow) > BigInt(top.tokensNow) ? c : top), null) ?? null;
  return (
    <Section title="Early buyers" testId="trust-early-buyers">
      {early && <Row label={`Bought in the launch slot or the next ${early.slotsAfter}`}>{early.count === 0 ? 'Nobody' : `${early.count} wallet${early.count === 1 ? '' : 's'}`}</Row>}
      {early && early.count > 0 && <Row label="They hold now">{percent(early.percent)}</Row>}
      {clusters && (
        <Row label="Funded by one wallet just before buying">
          {largest === null ? 'No such group' : `${clusters.length} group${clusters.length === 1 ? '' : 's'}; the largest, ${walletsText(largest.wallets.length)}${largest.fundedByCreator ? ' paid for by the creator' : ''}, holds ${percent(largest.percent)}${largest.soldTokens !== '0' ? ` and has sold ${percent(largest.soldPercentOfBought)} of what it bought` : ''}`}
        </Row>
      )}
    </Section>
  );
}

// The receipt's words (core/receipt.ts) for whose wallet it is; who proved control is its own row.
const WALLET_KIND: Record<CampaignTrust['cause']['kind'], string> = {
  verified_charity: 'A verified charity',
  creator_wallet: recipientDescription('creator_wallet', null),
  proven: recipientDescription('proven', null),
  unproven: 'Not proven: nobody has shown who controls it',
  none: 'None set',
};
const VERIFICATION: Record<CampaignTrust['cause']['verification'], string> = {
  verified: 'Verified by the platform',
  pending: 'Verification requested, under review',
  rejected: 'Verification refused',
  revoked: 'Verification withdrawn',
  not_requested: 'Not verified',
};

export function CauseSection({ cause }: { cause: CampaignTrust['cause'] }) {
  return (
    <Section title="The cause" testId="trust-cause">
      {cause.donationWallet && <Row label="Donation wallet"><ExplorerAddress address={cause.donationWallet} /></Row>}
      <Row label="Who it is">{cause.kind === 'verified_charity' && cause.charityName ? `${WALLET_KIND.verified_charity}: ${cause.charityName}` : WALLET_KIND[cause.kind]}</Row>
      {cause.kind === 'proven' && cause.proof && <Row label="Control proven"><span data-testid="trust-proof">{cause.proof.sentence}</span></Row>}
      {cause.kind === 'creator_wallet' && <Row label="Control proven"><span data-testid="trust-proof">{CREATOR_CONTROLS_SENTENCE}</span></Row>}
      {cause.donationWallet && (
        <Row label="First used">{cause.firstSeenAt ? `${cause.firstSeenExact ? '' : 'before '}${when(cause.firstSeenAt, '')}` : 'No transactions before this campaign'}</Row>
      )}
      <Row label="Paid to it so far">{cause.payouts.count === 0 ? 'Nothing yet' : `${sol(cause.payouts.lamports)} in ${cause.payouts.count} payout${cause.payouts.count === 1 ? '' : 's'}, the last ${when(cause.payouts.lastAt, '')}`}</Row>
      <Row label="Campaign">{VERIFICATION[cause.verification]}</Row>
      <p className="text-xs text-muted"><a href="#money-trail" className="text-brand-400 underline">Where the money went</a>: every payout with its transaction.</p>
    </Section>
  );
}

export function HistorySection({ history }: { history: CampaignTrust['creatorHistory'] }) {
  return (
    <Section title="The creator's other campaigns" testId="trust-history">
      {history.count === 0 ? <Row label="Before this one">None on Causemint</Row> : (
        <>
          <Row label="Launched">{history.count}</Row>
          <Row label="Raised">{sol(history.lamports)}</Row>
          <Row label="Graduated">{history.graduated}</Row>
          <Row label="Sold most within a day">{history.soldMostWithinDay}</Row>
          <ul className="space-y-1 pt-1">
            {history.campaigns.slice(0, 3).map((c) => (
              <li key={c.tokenAddress} className="flex justify-between gap-3">
                <Link to={`/campaign/${c.tokenAddress}`} className="truncate text-brand-400 hover:underline">{c.name} (${c.ticker})</Link>
                <span className="shrink-0 text-muted">{c.soldMostWithinDay ? 'creator sold most in a day' : c.graduated ? 'graduated' : sol(c.lamports)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Section>
  );
}
