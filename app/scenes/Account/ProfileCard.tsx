import { KeyRound, Pencil } from 'lucide-react';
import { useState } from 'react';
import { shortAddress } from '../../../core/format';
import { useProfile } from '../../api/profiles';
import { useAuth } from '../../auth/useAuth';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { ProfilePhoto } from './ProfilePhoto';
import { UsernameEditor } from './UsernameEditor';

/** Photo and username of the connected wallet; editable once the wallet is signed in. */
export function ProfileCard({ address }: { address: string }) {
  const profile = useProfile(address);
  const auth = useAuth();
  const [editing, setEditing] = useState(false);
  const canEdit = auth.isAuthenticated && auth.wallet === address;
  const username = profile.data?.username ?? null;
  const shownName = username || shortAddress(address);

  return (
    <Card data-testid="account-profile-card">
      <div className="flex flex-col items-center gap-5 sm:flex-row sm:items-center">
        <ProfilePhoto photoUrl={profile.data?.profile_photo ?? null} name={shownName} canEdit={canEdit && !profile.isLoading} />
        <div className="flex w-full min-w-0 flex-1 flex-col items-center gap-2 sm:items-start">
          <p className="text-xs font-medium text-muted uppercase">Username</p>
          {profile.isLoading ? (
            <div className="h-7 w-40 animate-pulse rounded bg-surface-3" aria-label="Loading profile" />
          ) : profile.isError ? (
            <p role="alert" className="text-sm text-red-400">Could not load your profile.</p>
          ) : editing ? (
            <UsernameEditor initial={username ?? ''} onDone={() => setEditing(false)} />
          ) : (
            <div className="flex min-w-0 items-center gap-2">
              <h2 data-testid="account-username" className={username ? 'truncate text-2xl font-bold' : 'truncate text-2xl font-bold text-muted'}>
                {username || 'No username set'}
              </h2>
              {canEdit && (
                <Button variant="ghost" size="sm" onClick={() => setEditing(true)} aria-label="Edit username" data-testid="account-username-edit">
                  <Pencil className="h-4 w-4" aria-hidden />
                </Button>
              )}
            </div>
          )}
          {!canEdit && (
            <div className="flex flex-wrap items-center gap-2 text-sm text-muted">
              {auth.status === 'authenticating' ? 'Waiting for your wallet signature...' : 'Sign the message in your wallet to edit your profile.'}
              {auth.status === 'unauthenticated' && (
                <Button variant="secondary" size="sm" onClick={() => void auth.signIn()}><KeyRound className="h-4 w-4" aria-hidden /> Sign in</Button>
              )}
            </div>
          )}
        </div>
      </div>
    </Card>
  );
}
