import clsx from 'clsx';
import { GRADUATION_THRESHOLD_SOL } from '../../../core/constants';
import type { BondingCurveType } from '../../../core/enums';
import { CollapsibleSection } from './CollapsibleSection';
import type { CreationFormState } from './useCreationForm';

const CURVES: { type: BondingCurveType; title: string; text: string }[] = [
  { type: 1, title: 'Standard (recommended)', text: `Graduates at ${GRADUATION_THRESHOLD_SOL[1]} SOL` },
  { type: 2, title: 'Extended', text: `Graduates at ${GRADUATION_THRESHOLD_SOL[2]} SOL` },
];

/** The bonding curve type: 1 (20 SOL, recommended) or 2 (60 SOL). */
export function AdvancedSettings({ form }: { form: CreationFormState }) {
  return (
    <CollapsibleSection title="Advanced Settings" testId="section-advanced" open={form.openSections.advanced} onOpenChange={(o) => form.setSectionOpen('advanced', o)}>
      <fieldset>
        <legend className="mb-2 text-sm font-medium">Bonding Curve Type</legend>
        <div role="radiogroup" className="grid gap-2 sm:grid-cols-2">
          {CURVES.map(({ type, title, text }) => {
            const checked = form.values.bondingCurveType === type;
            return (
              <button key={type} type="button" role="radio" aria-checked={checked} data-testid={`curve-type-${type}`}
                onClick={() => form.setField('bondingCurveType', type)}
                className={clsx('rounded-lg border p-3 text-left', checked ? 'border-brand-500 bg-brand-500/10' : 'border-line')}>
                <span className="block text-sm font-semibold">Type {type}: {title}</span>
                <span className="block text-xs text-muted">{text}</span>
              </button>
            );
          })}
        </div>
      </fieldset>
    </CollapsibleSection>
  );
}
