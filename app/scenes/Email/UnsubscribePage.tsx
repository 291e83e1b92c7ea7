import { useMutation } from '@tanstack/react-query';
import { MailX } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { refusalMessage } from '../../api/client';
import { unsubscribeEmail } from '../../api/email';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';

/**
 * /email/unsubscribe?token=...: every mail's unsubscribe link, no sign-in needed. It asks
 * for one click rather than acting on open, since mail scanners open links; mail clients
 * use the List-Unsubscribe POST, which acts at once.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useMutation({ mutationFn: () => unsubscribeEmail(token) });
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-10 sm:px-6" data-testid="unsubscribe-page">
      <h1 className="text-2xl font-extrabold sm:text-3xl">Unsubscribe</h1>
      <Card className="flex flex-col items-start gap-4">
        {unsubscribe.isSuccess ? (
          <p className="flex items-center gap-2 font-semibold" data-testid="unsubscribed"><MailX className="h-5 w-5 shrink-0" aria-hidden /> You are unsubscribed. No more e-mails will be sent to this address.</p>
        ) : (
          <>
            <p className="text-muted">Stop all Causemint notification e-mails to this address? The bell on the site keeps your notifications.</p>
            <Button variant="danger" disabled={!token || unsubscribe.isPending} onClick={() => unsubscribe.mutate()} data-testid="unsubscribe-button">
              <MailX className="h-4 w-4" aria-hidden /> Unsubscribe
            </Button>
            {!token && <p role="alert" className="text-sm text-red-500">This link has no token. Open the link from the mail again.</p>}
            {unsubscribe.isError && <p role="alert" className="text-sm text-red-500">{refusalMessage(unsubscribe.error, 'Could not unsubscribe. Please try again.')}</p>}
          </>
        )}
      </Card>
    </div>
  );
}
