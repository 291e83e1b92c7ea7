import type { CurveProgram } from '../../../core/schemas/launch';
import { CollapsibleSection } from './CollapsibleSection';
import { costBreakdown, dbcCostBreakdown } from './formValues';
import type { CreationFormState } from './useCreationForm';

function Row({ label, value, testId, strong }: { label: string; value: string; testId: string; strong?: boolean }) {
  return (
    <div className={strong ? 'flex justify-between gap-3 border-t border-line pt-2 font-bold' : 'flex justify-between gap-3 text-sm'}>
      <span className={strong ? undefined : 'text-muted'}>{label}</span>
      <span data-testid={testId} className="shrink-0">{value} SOL</span>
    </div>
  );
}

/** Custodial: what the one funding transfer pays (0.05 SOL plus the initial buy). */
function FundingRows({ form }: { form: CreationFormState }) {
  const cost = costBreakdown(form.values.initialBuy);
  return (
    <>
      <div className="space-y-2">
        <Row label="Token creation" value={cost.tokenCreation} testId="cost-token-creation" />
        <Row label="Maintenance" value={cost.maintenance} testId="cost-maintenance" />
        <Row label="Platform" value={cost.platform} testId="cost-platform" />
        {cost.initialBuy && <Row label="Initial buy" value={cost.initialBuy} testId="cost-initial-buy" />}
        <Row label="Total" value={cost.total} testId="cost-total" strong />
      </div>
      <p className="text-xs text-muted">Paid in one transfer from your wallet. What the chain does not use of the 0.05 SOL goes to the platform treasury.</p>
    </>
  );
}

/** DBC: what the one launch transaction pays; the rent is the chain's, so it is an estimate until the wallet shows it. */
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

export function CostBreakdownSection({ form, program }: { form: CreationFormState; program: CurveProgram }) {
  return (
    <CollapsibleSection title="Cost Breakdown" testId="section-cost" open={form.openSections.cost} onOpenChange={(o) => form.setSectionOpen('cost', o)}>
      {program === 'dbc' ? <LaunchRows form={form} /> : <FundingRows form={form} />}
    </CollapsibleSection>
  );
}
