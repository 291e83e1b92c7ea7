import { CollapsibleSection } from './CollapsibleSection';
import { dbcCostBreakdown } from './formValues';
import type { CreationFormState } from './useCreationForm';

function Row({ label, value, testId, strong }: { label: string; value: string; testId: string; strong?: boolean }) {
  return (
    <div className={strong ? 'flex justify-between gap-3 border-t border-line pt-2 font-bold' : 'flex justify-between gap-3 text-sm'}>
      <span className={strong ? undefined : 'text-muted'}>{label}</span>
      <span data-testid={testId} className="shrink-0">{value} SOL</span>
    </div>
  );
}

/** What the one launch transaction pays; the rent is the chain's, so it is an estimate until the wallet shows it. */
function LaunchRows({ form }: { form: CreationFormState }) {
  const cost = dbcCostBreakdown(form.values, window.location.origin);
  return (
    <>
      <div className="space-y-2">
        <Row label="Creation fee" value={cost.creationFee} testId="cost-creation-fee" />
        {cost.initialBuy && <Row label="Initial buy" value={cost.initialBuy} testId="cost-initial-buy" />}
        <Row label="Rent and network fee (estimate)" value={`≈${cost.network}`} testId="cost-network" />
        <Row label="Total" value={`≈${cost.total}`} testId="cost-total" strong />
      </div>
      <p className="text-xs text-muted">
        Paid in one transaction from your wallet, which shows the exact amount before you approve. The rent keeps your
        token&apos;s mint and its bonding-curve pool on chain; the creation fee goes to the platform treasury.
      </p>
    </>
  );
}

export function CostBreakdownSection({ form }: { form: CreationFormState }) {
  return (
    <CollapsibleSection title="Cost Breakdown" testId="section-cost" open={form.openSections.cost} onOpenChange={(o) => form.setSectionOpen('cost', o)}>
      <LaunchRows form={form} />
    </CollapsibleSection>
  );
}
