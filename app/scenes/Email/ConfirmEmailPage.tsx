import { useQuery } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { refusalMessage } from '../../api/client';
import { confirmEmail } from '../../api/email';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';

/** /email/confirm?token=...: the confirmation mail's link (no sign-in needed). Confirms on open. */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useQuery({ queryKey: ['email-confirm', token], queryFn: () => confirmEmail(token), enabled: Boolean(token), retry: false, staleTime: Infinity });
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-10 sm:px-6" data-testid="confirm-email-page">
      <h1 className="text-2xl font-extrabold sm:text-3xl">Confirm your e-mail</h1>
      {!token ? <p role="alert">This link has no confirmation token. Open the link from the mail again.</p>
        : confirm.isPending ? <Spinner label="Confirming..." />
          : confirm.isError ? <p role="alert" className="text-red-500">{refusalMessage(confirm.error, 'Could not confirm your address. Please try again.')}</p>
            : (
              <Card className="flex items-start gap-3" data-testid="email-confirmed">
                <MailCheck className="h-6 w-6 shrink-0 text-brand-600 dark:text-brand-400" aria-hidden />
                <div>
                  <p className="font-semibold">{confirm.data.email} is confirmed.</p>
                  <p className="mt-1 text-sm text-muted">You will get e-mails about the campaigns you follow. Choose which in <Link to="/account" className="text-brand-600 hover:underline dark:text-brand-400">My Account</Link>.</p>
                </div>
              </Card>
            )}
    </div>
  );
}
