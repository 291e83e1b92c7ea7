import { CheckCircle2 } from 'lucide-react';
import { ButtonLink } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';

const NEXT_STEPS = [
  'Our team reviews your application within 24-48 hours.',
  'We may contact you by email to confirm ownership of the wallets and your cause.',
  'You can follow the status of your request on your account page.',
  'Once approved, the verified badge appears on your campaign for its whole lifetime.',
];

/** Spec 2 section 2.3: shown once the request is stored, with the way back to the campaign or the account. */
export function SubmittedDialog({ open, tokenAddress, onOpenChange }: { open: boolean; tokenAddress: string | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Verification Request Submitted!">
      <div data-testid="verification-submitted" className="flex flex-col gap-4">
        <CheckCircle2 className="h-10 w-10 text-brand-400" aria-hidden />
        <div>
          <h3 className="font-semibold">What happens next?</h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-muted">
            {NEXT_STEPS.map((step) => <li key={step}>{step}</li>)}
          </ul>
        </div>
        {tokenAddress
          ? <ButtonLink to={`/campaign/${tokenAddress}`}>Back to Campaign</ButtonLink>
          : <ButtonLink to="/account">Back to Account</ButtonLink>}
      </div>
    </Dialog>
  );
}
