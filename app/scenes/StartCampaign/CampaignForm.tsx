import type { FormEvent } from 'react';
import { Card } from '../../components/ui/Card';
import { AdvancedSettings } from './AdvancedSettings';
import { BasicsSection } from './BasicsSection';
import { CostBreakdownSection } from './CostBreakdownSection';
import { DonationWalletField } from './DonationWalletField';
import { dbcCostBreakdown } from './formValues';
import { MediaSection } from './MediaSection';
import { SocialLinks } from './SocialLinks';
import { SubmitArea } from './SubmitArea';
import type { CreationFormState } from './useCreationForm';

/** Every field of spec 1 section 5 'Creation form'; `onSubmit` runs the checks and the flow. */
export function CampaignForm({ form, onSubmit }: { form: CreationFormState; onSubmit: () => void }) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Card className="mx-auto max-w-3xl">
      <form noValidate onSubmit={submit} className="space-y-6" data-testid="start-campaign-form">
        <MediaSection form={form} />
        <BasicsSection form={form} />
        <DonationWalletField form={form} />
        <SocialLinks form={form} />
        <CostBreakdownSection form={form} />
        <AdvancedSettings form={form} />
        <SubmitArea total={`≈${dbcCostBreakdown(form.values, window.location.origin).total}`} />
      </form>
    </Card>
  );
}
