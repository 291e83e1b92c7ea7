import type { ReactNode } from 'react';
import { causeBpsOfTrade, DBC_TRADE_FEE_BPS } from '../../../core/curve/dbc';
import { formatBpsPercent, shortAddress } from '../../../core/format';
import type { CampaignDetail } from '../../api/campaign';
import { useCampaignProof } from '../../api/proof';
import { CopyButton } from '../../components/CopyButton';
import { ExplorerAddress } from '../../components/ExplorerAddress';
import { Card } from '../../components/ui/Card';

/** The token's facts: its address, supply, its pool's fee and the wallets the money moves through. */
export function TokenInfoCard({ campaign }: { campaign: CampaignDetail }) {
  const mint = campaign.token_address!;
  // The authorities as the chain states them (the proof reads the mint).
  const authorities = useCampaignProof(mint, { limit: 3, offset: 0 }).data?.authorities;
  const none = (value: string | null | undefined) => (value === null ? 'None (revoked)' : value ? wallet(value) : '…');
  const wallet = (address: string | null) => address && <ExplorerAddress address={address} />;
  return (
    <Card className="p-5" data-testid="token-info">
      <h2 className="font-bold">Token</h2>
      <dl className="mt-3 space-y-2 text-sm">
        <Row label="Contract">
          <span className="inline-flex min-w-0 items-center gap-1">
            <span className="truncate font-mono">{shortAddress(mint)}</span>
            <CopyButton text={mint} label="Copy token address" toastTitle="Address Copied" />
          </span>
        </Row>
        <Row label="Supply">1,000,000,000 (fixed)</Row>
        {/* The token has no tax of its own (no transfer fee, so no fee authorities to show): the pool takes its fee from each trade, in SOL. */}
        <Row label="Trading fee">{formatBpsPercent(DBC_TRADE_FEE_BPS)} of each trade in SOL, {formatBpsPercent(causeBpsOfTrade(0))} to the cause</Row>
        {campaign.bonding && <Row label="Pool">{wallet(campaign.bonding.damm_pool ?? campaign.bonding.pool_wallet)}</Row>}
        <Row label="Fee claimer">{wallet(campaign.distributor_wallet) ?? '—'}</Row>
        <Row label="Donation wallet">{wallet(campaign.donation_wallet) ?? '—'}</Row>
        <Row label="Mint authority">{none(authorities?.mintAuthority)}</Row>
        <Row label="Freeze authority">{none(authorities?.freezeAuthority)}</Row>
      </dl>
    </Card>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-3">
      <dt className="shrink-0 text-muted">{label}</dt>
      <dd className="min-w-0 text-right">{children}</dd>
    </div>
  );
}
