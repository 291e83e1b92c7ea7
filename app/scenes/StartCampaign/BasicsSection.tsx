import { DESCRIPTION_MAX, NAME_MAX, TICKER_MAX } from '../../../core/constants';
import { CAMPAIGN_CATEGORIES, type CampaignCategory } from '../../../core/enums';
import { Input, Textarea } from '../../components/ui/Field';
import { FormField } from './FormField';
import type { FormValues } from './formValues';
import type { CreationFormState } from './useCreationForm';

type TextField = 'name' | 'ticker' | 'goal' | 'initialBuy' | 'description';

/** Name, ticker, goal, category, initial buy and description. */
export function BasicsSection({ form }: { form: CreationFormState }) {
  const { values, errors } = form;
  const bind = (field: TextField) => ({
    id: field,
    name: field,
    value: values[field],
    onChange: (e: { target: { value: string } }) => form.setField(field, e.target.value as FormValues[typeof field]),
    onBlur: () => form.touch(field),
    'aria-invalid': Boolean(errors[field]),
    'aria-describedby': errors[field] ? `${field}-error` : undefined,
  });
  return (
    <section className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="name" label="Campaign Name" required error={errors.name}>
          <Input {...bind('name')} maxLength={NAME_MAX} placeholder="Save the Reef" autoComplete="off" />
        </FormField>
        <FormField id="ticker" label="Token Symbol" required error={errors.ticker} hint="3-10 letters">
          <Input {...bind('ticker')} maxLength={TICKER_MAX} placeholder="REEF" autoComplete="off" className="uppercase" />
        </FormField>
        <FormField id="goal" label="Goal (SOL)" required error={errors.goal} hint="1 to 1000 SOL">
          <Input {...bind('goal')} inputMode="decimal" placeholder="100" autoComplete="off" />
        </FormField>
        <FormField id="category" label="Category">
          <select
            id="category"
            name="category"
            value={values.category}
            onChange={(e) => form.setField('category', e.target.value as CampaignCategory)}
            className="h-10 w-full rounded-lg border border-line bg-surface px-3 text-sm text-fg"
          >
            {CAMPAIGN_CATEGORIES.map((c) => <option key={c} value={c}>{c}</option>)}
          </select>
        </FormField>
      </div>
      <FormField id="initialBuy" label="Initial Buy (SOL, optional)" error={errors.initialBuy} hint="Buy your own token at launch: 0.001 to 2 SOL, or leave empty for none. The pool's 6% fee applies, as to any trade.">
        <Input {...bind('initialBuy')} inputMode="decimal" placeholder="0" autoComplete="off" />
      </FormField>
      <FormField id="description" label="Description" required error={errors.description}>
        <Textarea {...bind('description')} maxLength={DESCRIPTION_MAX} placeholder="What is this campaign for?" />
        <p className="mt-1 text-right text-xs text-muted" data-testid="description-counter">{values.description.length}/{DESCRIPTION_MAX}</p>
      </FormField>
    </section>
  );
}
