import { useWallet } from '@solana/wallet-adapter-react';
import { Rocket, ShieldAlert, Wallet, Wrench } from 'lucide-react';
import { useSiteSettings } from '../../api/settings';
import { useAuth } from '../../auth/useAuth';
import { Button } from '../../components/ui/Button';
import { useWalletDialog } from '../../solana/walletDialog';

export const AUTH_REQUIRED = 'Authentication required: Please authenticate your wallet first';

/** The submit button as the wallet, the sign-in and maintenance allow it. */
export function SubmitArea({ total }: { total: string }) {
  const { connected } = useWallet();
  const auth = useAuth();
  const { setOpen } = useWalletDialog();
  const maintenance = useSiteSettings().data?.maintenance_mode ?? false;

  if (!connected) {
    return (
      <Button size="lg" className="w-full" onClick={() => setOpen(true)} data-testid="start-campaign-submit">
        <Wallet className="h-5 w-5" aria-hidden />Connect Wallet
      </Button>
    );
  }
  return (
    <div className="space-y-3">
      {!auth.isAuthenticated && (
        <div role="alert" data-testid="start-campaign-auth-required" className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm">
          <span className="flex items-center gap-2"><ShieldAlert className="h-4 w-4" aria-hidden /> {AUTH_REQUIRED}</span>
          <Button size="sm" variant="secondary" disabled={auth.status === 'authenticating'} onClick={() => void auth.signIn()} data-testid="start-campaign-sign-in">
            {auth.status === 'authenticating' ? 'Signing in...' : 'Sign In'}
          </Button>
        </div>
      )}
      {maintenance ? (
        <Button size="lg" className="w-full" disabled data-testid="start-campaign-submit">
          <Wrench className="h-5 w-5" aria-hidden />Under Maintenance
        </Button>
      ) : (
        <Button type="submit" size="lg" className="w-full" data-testid="start-campaign-submit">
          {/* One line on a phone, the DBC estimate's '≈' included. */}
          <Rocket className="h-5 w-5 shrink-0" aria-hidden /><span className="whitespace-nowrap text-[15px] sm:text-base">Launch Campaign ({total} SOL)</span>
        </Button>
      )}
    </div>
  );
}
