import { useMutation } from '@tanstack/react-query';
import { MailX, ShieldCheck } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { refusalMessage } from '../../api/client';
import { stopEmailToAddress } from '../../api/email';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';

/**
 * /email/not-me?token=...: the 'this was not me' link of a confirmation mail, no sign-in
 * needed. One click (mail scanners open links) stops all mail to the address for every
 * wallet; no wallet can add it again afterwards.
 */
export function NotMePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const stop = useMutation({ mutationFn: () => stopEmailToAddress(token) });
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-10 sm:px-6" data-testid="not-me-page">
      <h1 className="text-2xl font-extrabold sm:text-3xl">Not you?</h1>
      <Card className="flex flex-col items-start gap-4">
        {stop.isSuccess ? (
          <p className="flex items-start gap-2 font-semibold" data-testid="not-me-done">
            <ShieldCheck className="mt-0.5 h-5 w-5 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden />
            <span>Done. We will never e-mail <span className="break-all">{stop.data.email}</span> again, whichever wallet asks, and no wallet can add it.</span>
          </p>
        ) : (
          <>
            <p>Someone connected a wallet on Causemint and asked for its notifications to be sent to your address.</p>
            <p className="text-muted">If that was not you, stop it here: nothing more is mailed to this address, from any wallet, and the address cannot be added again. You do not need an account.</p>
            <Button variant="danger" disabled={!token || stop.isPending} onClick={() => stop.mutate()} data-testid="not-me-button">
              <MailX className="h-4 w-4" aria-hidden /> {stop.isPending ? 'Stopping...' : 'Stop all e-mail to this address'}
            </Button>
            {!token && <p role="alert" className="text-sm text-red-500">This link has no token. Open the link from the mail again.</p>}
            {stop.isError && <p role="alert" className="text-sm text-red-500">{refusalMessage(stop.error, 'Could not stop the e-mails. Please try again.')}</p>}
          </>
        )}
      </Card>
    </div>
  );
}
