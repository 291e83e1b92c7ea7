import { donationWalletShareOf } from '../../../core/taxStory';
import { usePlatformSharePercent } from '../../api/config';
import clsx from 'clsx';
import { BadgeCheck } from 'lucide-react';
import { shortAddress } from '../../../core/format';
import { useDonationWalletCheck } from '../../api/donationWallets';
import { useActiveCharities } from '../../api/launch';
import { useAuth } from '../../auth/useAuth';
import { DonationWalletStatus } from '../../components/donationWallet/DonationWalletStatus';
import { Button } from '../../components/ui/Button';
import { Input } from '../../components/ui/Field';
import { FormField } from './FormField';
import type { FormValues } from './formValues';
import type { CreationFormState } from './useCreationForm';

/** The donation wallet: a verified charity (fills the address) or a custom address. */
export function DonationWalletField({ form }: { form: CreationFormState }) {
  const { values, errors } = form;
  const auth = useAuth();
  // The server's word on a well-formed address: a platform address or a token account is refused before anything is paid.
  const check = useDonationWalletCheck(values.donationWallet, auth.wallet);
  const refusal = check.data && !check.data.allowed ? check.data.reason ?? undefined : undefined;
  const error = errors.donationWallet ?? refusal;
  const choose = (choice: FormValues['donationChoice']) => {
    if (choice === values.donationChoice) return;
    form.setField('donationChoice', choice);
    form.setField('charityId', '');
    form.setField('donationWallet', '');
  };
  return (
    <FormField id="donationWallet" label="Donation Wallet" required error={error}>
      <div role="radiogroup" aria-label="Donation wallet type" className="mb-2 grid grid-cols-2 gap-2">
        {(['charity', 'custom'] as const).map((choice) => (
          <button key={choice} type="button" role="radio" aria-checked={values.donationChoice === choice} onClick={() => choose(choice)}
            data-testid={`donation-choice-${choice}`}
            className={clsx('rounded-lg border px-3 py-2 text-sm font-medium', values.donationChoice === choice ? 'border-brand-500 bg-brand-500/10' : 'border-line')}>
            {choice === 'charity' ? 'Verified Charity' : 'Custom Wallet'}
          </button>
        ))}
      </div>
      {values.donationChoice === 'charity' ? <CharityPicker form={form} /> : (
        <>
          <Input id="donationWallet" name="donationWallet" value={values.donationWallet} placeholder="Solana wallet address" autoComplete="off"
            onChange={(e) => form.setField('donationWallet', e.target.value.trim())} onBlur={() => form.touch('donationWallet')}
            aria-invalid={Boolean(error)} className="font-mono" />
          <p className="mt-1 text-xs text-amber-600 dark:text-amber-400" data-testid="donation-custom-note">
            This wallet receives the cause's share of the pool's fee and cannot be changed later.
          </p>
        </>
      )}
      {!errors.donationWallet && values.donationWallet && <DonationWalletStatus wallet={values.donationWallet} />}
    </FormField>
  );
}

function CharityPicker({ form }: { form: CreationFormState }) {
  const platformSharePercent = usePlatformSharePercent();
  const charities = useActiveCharities();
  if (charities.isPending) return <p className="text-sm text-muted" role="status">Loading verified charities...</p>;
  if (charities.isError) {
    return (
      <div className="flex items-center gap-2 text-sm text-red-500" role="alert">
        Failed to load charities
        <Button size="sm" variant="secondary" onClick={() => void charities.refetch()}>Retry</Button>
      </div>
    );
  }
  if (!charities.data.length) return <p className="text-sm text-muted">No verified charities yet. Use a custom wallet.</p>;
  const pick = (id: string) => {
    const charity = charities.data.find((c) => String(c.id) === id);
    form.setField('charityId', id);
    form.setField('donationWallet', charity?.wallet_address ?? '');
    form.touch('donationWallet');
  };
  const chosen = charities.data.find((c) => String(c.id) === form.values.charityId);
  return (
    <div className="space-y-2">
      <select id="donationWallet" data-testid="charity-select" value={form.values.charityId} onChange={(e) => pick(e.target.value)}
        className="h-10 w-full rounded-lg border border-line bg-surface px-3 text-sm text-fg">
        <option value="">Choose a verified charity...</option>
        {charities.data.map((c) => <option key={c.id} value={String(c.id)}>{c.name} ({c.category})</option>)}
      </select>
      {chosen && (
        <p className="flex items-center gap-2 text-xs text-muted" data-testid="charity-wallet">
          <BadgeCheck className="h-4 w-4 text-brand-500" aria-hidden />
          <span className="font-mono" title={chosen.wallet_address}>{shortAddress(chosen.wallet_address)}</span>
        </p>
      )}
      <p className="text-xs text-muted">{donationWalletShareOf(platformSharePercent)}</p>
    </div>
  );
}
