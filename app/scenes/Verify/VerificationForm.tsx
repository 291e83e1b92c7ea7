import { useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { toast } from 'sonner';
import { ORGANIZATION_TYPES, ORGANIZATION_TYPE_LABELS } from '../../../core/enums';
import { useSubmitVerification } from '../../api/verification';
import { useAuth } from '../../auth/useAuth';
import { toastSubmissionFailed } from '../../lib/submissionFailed';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Input, Textarea } from '../../components/ui/Field';
import { FormField } from '../StartCampaign/FormField';
import { EMPTY_VALUES, missingInput, toRequestBody, type VerificationValues } from './formValues';
import { DocumentsField } from './DocumentsField';
import { SubmittedDialog } from './SubmittedDialog';

type Props = {
  wallet: string;
  /** With a campaign: its token address, ticker and name (locked). */
  campaign: { tokenAddress: string; ticker: string; name: string } | null;
};
type TextKey = Exclude<keyof VerificationValues, 'agree_accuracy' | 'agree_cooperation' | 'organization_type' | 'documents'>;

/** The application form of spec 2 section 3, for a campaign or as a pre-verification. */
export function VerificationForm({ wallet, campaign }: Props) {
  const [values, setValues] = useState<VerificationValues>(() => (campaign ? { ...EMPTY_VALUES, campaign_ticker: campaign.ticker, campaign_name: campaign.name } : EMPTY_VALUES));
  const [submitted, setSubmitted] = useState(false);
  const submit = useSubmitVerification();
  const auth = useAuth();
  const set = <K extends keyof VerificationValues>(key: K, value: VerificationValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const text = (key: TextKey, props: InputHTMLAttributes<HTMLInputElement> = {}) => (
    <Input id={key} name={key} value={values[key]} onChange={(e) => set(key, e.target.value)} {...props} />
  );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = missingInput(values);
    if (missing) { toast.error(missing.title, { description: missing.description }); return; }
    if (!auth.isAuthenticated && !await auth.signIn()) {
      toast.error('Authentication Required', { description: 'Please connect your wallet to apply for verification' });
      return;
    }
    try {
      await submit.mutateAsync(toRequestBody(values, campaign?.tokenAddress ?? null));
      setSubmitted(true);
    } catch (err) {
      toastSubmissionFailed('Failed to submit verification request. Please try again.', err);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6" data-testid="verification-form">
      <Card className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <h2 className="text-lg font-bold sm:col-span-2">Campaign</h2>
        <FormField id="campaign_ticker" label="Campaign Ticker" hint={campaign ? 'Locked to this campaign' : 'Optional: the ticker you plan to launch'}>
          {text('campaign_ticker', { readOnly: Boolean(campaign), className: 'uppercase read-only:opacity-70', maxLength: 20 })}
        </FormField>
        <FormField id="campaign_name" label="Campaign Name">
          {text('campaign_name', { readOnly: Boolean(campaign), className: 'read-only:opacity-70', maxLength: 200 })}
        </FormField>
        <FormField id="creator_wallet" label="Creator Wallet" hint="Your connected wallet">
          <Input id="creator_wallet" value={wallet} readOnly className="font-mono text-xs opacity-70" />
        </FormField>
        <FormField id="donation_wallet" label="Donation Wallet">
          {text('donation_wallet', { placeholder: 'Solana address', className: 'font-mono text-xs', autoComplete: 'off' })}
        </FormField>
      </Card>

      <Card className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <h2 className="text-lg font-bold sm:col-span-2">Organization</h2>
        <FormField id="organization_name" label="Organization Name">{text('organization_name', { maxLength: 200 })}</FormField>
        <FormField id="organization_type" label="Organization Type">
          <select
            id="organization_type"
            value={values.organization_type}
            onChange={(e) => set('organization_type', e.target.value as VerificationValues['organization_type'])}
            className="h-10 w-full rounded-lg border border-line bg-surface px-3 text-sm text-fg"
          >
            <option value="">Select a type</option>
            {ORGANIZATION_TYPES.map((type) => <option key={type} value={type}>{ORGANIZATION_TYPE_LABELS[type]}</option>)}
          </select>
        </FormField>
        <FormField id="registration_number" label="X Handle">{text('registration_number', { placeholder: '@yourcause', maxLength: 200 })}</FormField>
        <FormField id="tax_id" label="Tax ID">{text('tax_id', { maxLength: 200 })}</FormField>
      </Card>

      <Card className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <h2 className="text-lg font-bold sm:col-span-2">Contact</h2>
        <FormField id="contact_name" label="Contact Name" required>{text('contact_name', { autoComplete: 'name', maxLength: 200 })}</FormField>
        <FormField id="contact_email" label="Contact Email" required>{text('contact_email', { type: 'email', autoComplete: 'email', maxLength: 254 })}</FormField>
        <FormField id="contact_phone" label="Phone">{text('contact_phone', { type: 'tel', autoComplete: 'tel', maxLength: 40 })}</FormField>
        <FormField id="contact_role" label="Role">{text('contact_role', { placeholder: 'Founder, treasurer...', maxLength: 200 })}</FormField>
        <FormField id="website" label="Website">{text('website', { type: 'url', placeholder: 'https://', maxLength: 200 })}</FormField>
        <FormField id="twitter" label="Twitter">{text('twitter', { maxLength: 200 })}</FormField>
        <FormField id="telegram" label="Telegram">{text('telegram', { maxLength: 200 })}</FormField>
        <FormField id="discord" label="Discord">{text('discord', { maxLength: 200 })}</FormField>
        <div className="sm:col-span-2">
          <FormField id="description" label="About your cause" hint="What the funds are for, and links that show the cause is real">
            <Textarea id="description" value={values.description} onChange={(e) => set('description', e.target.value)} maxLength={5000} />
          </FormField>
        </div>
        <div className="sm:col-span-2">
          <DocumentsField urls={values.documents} onChange={(documents) => set('documents', documents)} />
        </div>
      </Card>

      <Card className="flex flex-col gap-3">
        <Agreement id="agree_accuracy" checked={values.agree_accuracy} onChange={(v) => set('agree_accuracy', v)}>
          I confirm that the information provided is accurate and that I control the creator and donation wallets.
        </Agreement>
        <Agreement id="agree_cooperation" checked={values.agree_cooperation} onChange={(v) => set('agree_cooperation', v)}>
          I agree to cooperate with the verification process and to provide further proof if asked.
        </Agreement>
        <Button type="submit" size="lg" disabled={submit.isPending} className="mt-2 w-full sm:w-auto sm:self-end" data-testid="verification-submit">
          {submit.isPending ? 'Submitting...' : 'Submit Application'}
        </Button>
      </Card>
      <SubmittedDialog open={submitted} onOpenChange={setSubmitted} tokenAddress={campaign?.tokenAddress ?? null} />
    </form>
  );
}

function Agreement({ id, checked, onChange, children }: { id: string; checked: boolean; onChange: (checked: boolean) => void; children: string }) {
  return (
    <label htmlFor={id} className="flex cursor-pointer items-start gap-3 text-sm">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} className="mt-0.5 h-4 w-4 shrink-0 accent-brand-500" />
      <span>{children}</span>
    </label>
  );
}
