import { errorMessage } from '../../../api/client';
import { useTrust } from '../../../api/trust';
import { Card } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { Flags } from './Flags';
import { CauseSection, CreatorTradesSection, EarlyBuyersSection, HistorySection, HolderSection, Section } from './Sections';

/**
 * Issue 23's trust panel: what a careful donor should know before backing this token, in
 * plain words, each figure from the chain and our own indexes (GET /trust).
 */
export function TrustCard({ mint }: { mint: string }) {
  const trust = useTrust(mint);
  const t = trust.data;
  return (
    <Card className="flex flex-col gap-4 p-5" data-testid="trust-panel">
      <h2 className="font-bold">Trust</h2>
      {trust.isPending && <Spinner label="Checking the token..." />}
      {trust.isError && <p className="text-sm text-muted" role="alert">{errorMessage(trust.error, 'Failed to load the trust facts')}</p>}
      {t && (
        <>
          <Flags flags={t.flags} verdict={t.verdict} />
          {t.authorities && (
            <Section title="Who controls the token" testId="trust-authorities">
              {/* A statement may name an address (a wallet, the pool): it breaks anywhere rather than widen a phone's page. */}
              <ul className="list-disc space-y-1.5 pl-5 text-sm wrap-anywhere">
                {t.authorities.statements.map((statement) => <li key={statement}>{statement}</li>)}
              </ul>
            </Section>
          )}
          {t.holders && <HolderSection holders={t.holders} />}
          <CreatorTradesSection trades={t.creatorTrades} />
          {(t.earlyBuyers || t.fundingClusters) && <EarlyBuyersSection early={t.earlyBuyers} clusters={t.fundingClusters} />}
          <CauseSection cause={t.cause} />
          <HistorySection history={t.creatorHistory} />
        </>
      )}
    </Card>
  );
}
