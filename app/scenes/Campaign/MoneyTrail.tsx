import type { ReactNode } from 'react';
import { ExternalLink } from 'lucide-react';
import { relativeTime } from '../../../core/format';
import { formatSol } from '../../../core/money';
import { errorMessage } from '../../api/client';
import { useCampaignProof } from '../../api/proof';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { everyInterval } from '../../../core/taxStory';
import { usePayoutIntervalMs } from '../../api/config';
import { useExplorer } from '../../solana/useExplorer';

const RUNS_SHOWN = 3;

/**
 * 'Where the money went' (GET /proof): the pool's fee from earned for the cause to delivered,
 * each sum read back from the chain, and the latest claims with their transactions.
 */
export function MoneyTrail({ mint }: { mint: string }) {
  const proof = useCampaignProof(mint, { limit: RUNS_SHOWN, offset: 0 });
  const explorer = useExplorer();
  const payoutMs = usePayoutIntervalMs();
  const p = proof.data;
  const sol = (lamports: string) => `${formatSol(BigInt(lamports), 4)} SOL`;
  return (
    <Card className="scroll-mt-20 p-5" data-testid="money-trail" id="money-trail">
      <h2 className="font-bold">Where the money went</h2>
      {proof.isPending && <Spinner label="Reading the chain..." />}
      {proof.isError && <p className="mt-2 text-sm text-muted" role="alert">{errorMessage(proof.error, 'Failed to load the proof of funds')}</p>}
      {p && (
        <>
          {/* claims is null for a campaign with no pool of ours: no fee has accrued to show, only what was delivered. */}
          <dl className="mt-3 space-y-1.5 text-sm">
            {p.claims && <Row label="Earned for the cause by trades">{sol(p.claims.accrued.lamports)}</Row>}
            <Row label="Delivered to the cause" strong testId="trail-delivered">{sol(p.delivered.lamports)}</Row>
            {p.claims && <Row label="Waiting in the pool to be claimed">{sol(p.claims.unclaimed.lamports)}</Row>}
            {p.claims && BigInt(p.claims.platform.accrued.lamports) > 0n && (
              <Row label="The platform's share, claimed to its treasury" testId="trail-platform">{sol(p.claims.platform.claimed.lamports)}</Row>
            )}
          </dl>
          {p.runs.items.length > 0 && (
            <ul className="mt-4 space-y-1 border-t border-line pt-3 text-xs">
              {p.runs.items.map((run) => (
                <li key={run.id} className="flex items-center justify-between gap-2">
                  <span className="text-muted">
                    {run.kind === 'partner_claim' ? 'Platform\'s share, ' : ''}
                    {run.state === 'paid' && run.paidAt ? `${run.kind === 'partner_claim' ? 'claimed' : 'Paid'} ${relativeTime(run.paidAt)}` : `In progress (${run.state})`}
                  </span>
                  <span className="inline-flex items-center gap-1 font-semibold">
                    {run.kind === 'partner_claim' ? sol(run.platformFeeLamports ?? '0') : run.donatedLamports ? sol(run.donatedLamports) : '—'}
                    {explorer && (run.signatures.payout[0] ?? run.signatures.claim[0]) && (
                      <a href={explorer.tx((run.signatures.payout[0] ?? run.signatures.claim[0])!)} target="_blank" rel="noopener noreferrer" aria-label="View payout transaction" className="text-brand-400"><ExternalLink className="h-3.5 w-3.5" aria-hidden /></a>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <p className="mt-3 text-xs text-muted">
            {`The pool keeps each trade's fee in SOL; the cause's share is claimed straight to its wallet ${everyInterval(payoutMs)}, nothing sold. Every figure is read from the chain.`}
          </p>
        </>
      )}
    </Card>
  );
}

function Row({ label, children, strong, testId }: { label: string; children: ReactNode; strong?: boolean; testId?: string }) {
  return (
    <div className="flex items-start justify-between gap-3">
      <dt className="text-muted">{label}</dt>
      <dd className={strong ? 'text-right font-bold text-brand-400' : 'text-right font-semibold'} data-testid={testId}>{children}</dd>
    </div>
  );
}
