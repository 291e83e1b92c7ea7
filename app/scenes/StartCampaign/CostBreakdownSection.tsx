import { CollapsibleSection } from './CollapsibleSection';
import { costBreakdown } from './formValues';
import type { CreationFormState } from './useCreationForm';

function Row({ label, value, testId, strong }: { label: string; value: string; testId: string; strong?: boolean }) {
  return (
    <div className={strong ? 'flex justify-between border-t border-line pt-2 font-bold' : 'flex justify-between text-sm'}>
      <span className={strong ? undefined : 'text-muted'}>{label}</span>
      <span data-testid={testId}>{value} SOL</span>
    </div>
  );
}

/** What the one funding transfer pays: 0.05 SOL plus the initial buy. */
export function CostBreakdownSection({ form }: { form: CreationFormState }) {
  const cost = costBreakdown(form.values.initialBuy);
  return (
    <CollapsibleSection title="Cost Breakdown" testId="section-cost" open={form.openSections.cost} onOpenChange={(o) => form.setSectionOpen('cost', o)}>
      <div className="space-y-2">
        <Row label="Token creation" value={cost.tokenCreation} testId="cost-token-creation" />
        <Row label="Maintenance" value={cost.maintenance} testId="cost-maintenance" />
        <Row label="Platform" value={cost.platform} testId="cost-platform" />
        {cost.initialBuy && <Row label="Initial buy" value={cost.initialBuy} testId="cost-initial-buy" />}
        <Row label="Total" value={cost.total} testId="cost-total" strong />
      </div>
      <p className="text-xs text-muted">Paid in one transfer from your wallet. What the chain does not use of the 0.05 SOL goes to the platform treasury.</p>
    </CollapsibleSection>
  );
}
