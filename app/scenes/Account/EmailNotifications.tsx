import { CircleCheck, Mail, MailWarning, Send } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { EmailSettingsInput, NOTIFICATION_KINDS, NOTIFICATION_KIND_LABELS, type NotificationKind } from '../../../core/notifications';
import { refusalMessage } from '../../api/client';
import { useEmailSettings, useRemoveEmail, useSaveEmail } from '../../api/email';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Input, Label } from '../../components/ui/Field';

/**
 * E-mail for the bell's notifications (signed-in wallet): an address confirmed by a link
 * before anything is sent, and which kinds mail it. Says so when the site sends no e-mail.
 */
export function EmailNotifications() {
  const settings = useEmailSettings();
  const save = useSaveEmail();
  const remove = useRemoveEmail();
  const inputId = useId();
  const [email, setEmail] = useState('');
  const [kinds, setKinds] = useState<NotificationKind[]>([...NOTIFICATION_KINDS]);
  const [problem, setProblem] = useState<string | null>(null);
  const data = settings.data;
  useEffect(() => {
    if (!data) return;
    setEmail(data.email ?? '');
    if (data.email) setKinds(data.kinds);
  }, [data]);

  if (settings.isPending) return <Card className="h-40 animate-pulse" aria-label="Loading e-mail settings" />;
  if (settings.isError || !data) return <Card role="alert">Could not load your e-mail settings.</Card>;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = EmailSettingsInput.safeParse({ email, kinds });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Check the address');
      return;
    }
    setProblem(null);
    save.mutate(parsed.data, {
      onSuccess: (result) => toast.success(result.confirmation_sent ? `We sent a confirmation link to ${result.email}` : 'E-mail preferences saved'),
      onError: (err) => setProblem(refusalMessage(err, 'Could not save. Please try again.')),
    });
  };
  const toggle = (kind: NotificationKind, on: boolean) => setKinds((now) => (on ? NOTIFICATION_KINDS.filter((k) => k === kind || now.includes(k)) : now.filter((k) => k !== kind)));

  return (
    <Card data-testid="email-settings">
      <h2 className="flex items-center gap-2 text-lg font-bold"><Mail className="h-5 w-5" aria-hidden /> E-mail notifications</h2>
      {!data.available ? (
        <p className="mt-3 flex items-center gap-2 text-sm text-muted" data-testid="email-unavailable">
          <MailWarning className="h-4 w-4 shrink-0" aria-hidden /> E-mail is unavailable on this site: the operator has not set up a mail server. Your notifications stay in the bell.
        </p>
      ) : (
        <form className="mt-4 flex flex-col gap-4" onSubmit={submit} noValidate>
          <div>
            <Label htmlFor={inputId}>E-mail address</Label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input id={inputId} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} placeholder="you@example.org" aria-invalid={Boolean(problem)} data-testid="email-input" />
            </div>
            <EmailStatus confirmed={data.confirmed} awaiting={data.awaiting_confirmation} saved={data.email} />
          </div>
          <fieldset>
            <legend className="mb-2 text-sm font-medium">Send me an e-mail when</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {NOTIFICATION_KINDS.map((kind) => (
                <label key={kind} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" className="h-4 w-4 accent-brand-500" checked={kinds.includes(kind)} onChange={(e) => toggle(kind, e.target.checked)} data-testid={`email-kind-${kind}`} />
                  {NOTIFICATION_KIND_LABELS[kind]}
                </label>
              ))}
            </div>
          </fieldset>
          {problem && <p role="alert" className="text-sm text-red-500" data-testid="email-problem">{problem}</p>}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={save.isPending} data-testid="email-save">
              <Send className="h-4 w-4" aria-hidden /> {data.confirmed && email.trim().toLowerCase() === data.email ? 'Save preferences' : 'Send confirmation link'}
            </Button>
            {data.email && (
              <Button variant="ghost" disabled={remove.isPending} onClick={() => remove.mutate(undefined, { onSuccess: () => { setEmail(''); toast.success('E-mail address removed'); } })}>
                Remove address
              </Button>
            )}
          </div>
          <p className="text-xs text-muted">Nothing is sent until you open the confirmation link. Every e-mail has a one-click unsubscribe link.</p>
        </form>
      )}
    </Card>
  );
}

function EmailStatus({ confirmed, awaiting, saved }: { confirmed: boolean; awaiting: boolean; saved: string | null }) {
  if (!saved) return null;
  if (confirmed) return <p className="mt-1 flex items-center gap-1 text-xs text-brand-600 dark:text-brand-400" data-testid="email-status"><CircleCheck className="h-3.5 w-3.5" aria-hidden /> {saved} is confirmed</p>;
  return (
    <p className="mt-1 text-xs text-amber-600 dark:text-amber-400" data-testid="email-status">
      {awaiting ? `Waiting for you to open the link we sent to ${saved}.` : `${saved} is not confirmed: send a new link.`}
    </p>
  );
}
