import { Check, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client';
import { USERNAME_MAX } from '../../../core/schemas/profile';
import { useSaveProfile } from '../../api/profiles';
import { Button } from '../../components/ui/Button';
import { Input } from '../../components/ui/Field';
import { toastUsernameSaved, toastUsernameSaveFailed } from './profileToasts';

/** The inline username field: optional, saved as typed. */
export function UsernameEditor({ initial, onDone }: { initial: string; onDone: () => void }) {
  const [value, setValue] = useState(initial);
  const save = useSaveProfile();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ username: value }, {
      onSuccess: () => { toastUsernameSaved(); onDone(); },
      onError: (err) => toastUsernameSaveFailed(err instanceof ApiError && err.status === 400 ? err.message : undefined),
    });
  };

  return (
    <form onSubmit={submit} className="flex w-full flex-wrap items-center gap-2">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Input
          autoFocus
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder="Enter a username"
          aria-label="Username"
          aria-describedby="account-username-count"
          maxLength={USERNAME_MAX}
          data-testid="account-username-input"
          className="min-w-0"
        />
        <span id="account-username-count" className="text-xs text-muted" data-testid="account-username-count">{value.trim().length}/{USERNAME_MAX} characters</span>
      </div>
      <Button type="submit" size="sm" disabled={save.isPending} data-testid="account-username-save">
        <Check className="h-4 w-4" aria-hidden /> {save.isPending ? 'Saving...' : 'Save'}
      </Button>
      <Button variant="ghost" size="sm" onClick={onDone} disabled={save.isPending} aria-label="Cancel editing">
        <X className="h-4 w-4" aria-hidden />
      </Button>
    </form>
  );
}
