import { taxShortOf } from '../../../core/taxStory';
import { useWallet } from '@solana/wallet-adapter-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { usePlatformSharePercent } from '../../api/config';
import { useAuth } from '../../auth/useAuth';
import { toastNotAuthenticated } from '../../auth/authToasts';
import { PageBanner } from '../../components/ui/PageBanner';
import { useWalletDialog } from '../../solana/walletDialog';
import { CampaignForm } from './CampaignForm';
import { CompleteView } from './CompleteView';
import { UnresolvedView } from './UnresolvedView';
import { toastLogoRequired, toastWalletNotConnectedForCreation } from './creationToasts';
import { ProgressView } from './ProgressView';
import { useCreationFlow } from './useCreationFlow';
import { useCreationForm } from './useCreationForm';

/** /start-campaign: form → processing → creating → complete. */
export function StartCampaignPage() {
  const form = useCreationForm();
  const flow = useCreationFlow();
  const { publicKey } = useWallet();
  const auth = useAuth();
  const { setOpen } = useWalletDialog();
  const [params] = useSearchParams();
  const platformSharePercent = usePlatformSharePercent();

  // Spec 1 section 4, steps 1-3, after the field rules.
  const submit = () => {
    const { form: parsed, errors } = form.trySubmit();
    if (errors.logo) toastLogoRequired();
    if (!parsed || !form.logo) return;
    if (!publicKey) {
      toastWalletNotConnectedForCreation();
      setOpen(true);
      return;
    }
    const wallet = publicKey.toBase58();
    if (!auth.isAuthenticated || auth.wallet !== wallet) {
      toastNotAuthenticated();
      return;
    }
    void flow.start({
      form: parsed,
      logo: form.logo.file,
      video: form.video?.file ?? null,
      photos: form.photos.map((p) => ({ ...p, file: p.file.file })),
      wallet,
      ref: params.get('ref'),
    });
  };

  const { state } = flow;
  useLeaveGuard(state.phase === 'processing' || state.phase === 'creating');
  // Each phase starts at the top, where its view is.
  useEffect(() => { window.scrollTo({ top: 0 }); }, [state.phase]);
  return (
    <>
      <PageBanner title="Launch Your Campaign/Token" subtitle={`Create a fundraising token in one transaction. ${taxShortOf(platformSharePercent)}.`} />
      <div className="px-4 py-10 sm:px-6">
        {state.phase === 'form' && <CampaignForm form={form} onSubmit={submit} />}
        {(state.phase === 'processing' || state.phase === 'creating') && (
          <ProgressView phase={state.phase} step={state.step} hasVideo={Boolean(form.video)} hasPhotos={form.photos.length > 0} />
        )}
        {state.phase === 'complete' && <CompleteView tokenAddress={state.outcome.mintAddress} ticker={state.ticker} />}
        {state.phase === 'unresolved' && (
          <UnresolvedView requestId={state.launch.requestId} checking={state.checking} onCheck={() => void flow.checkAgain()} />
        )}
      </div>
    </>
  );
}

/** While the wallet is being charged, closing or reloading the tab asks first. */
function useLeaveGuard(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => { event.preventDefault(); };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}
