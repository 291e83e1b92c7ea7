import { CheckCircle2, ExternalLink, Home } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { CopyButton } from '../../components/CopyButton';
import { NextSteps } from './NextSteps';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';

// Spec 1 section 9: 'View Campaign' goes to the campaign page after 500 ms.
const VIEW_CAMPAIGN_DELAY_MS = 500;

/** The token's address (with copy), what to do next, View Campaign and Back to Home. */
export function CompleteView({ tokenAddress, ticker }: { tokenAddress: string; ticker: string }) {
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const view = () => {
    setLeaving(true);
    timer.current = setTimeout(() => navigate(`/campaign/${tokenAddress}`), VIEW_CAMPAIGN_DELAY_MS);
  };

  return (
    <Card className="mx-auto max-w-xl text-center" data-testid="creation-complete">
      <CheckCircle2 className="mx-auto h-14 w-14 text-brand-500" aria-hidden />
      <h2 className="mt-3 text-2xl font-bold">Campaign Created!</h2>
      <p className="mt-1 text-muted">${ticker} is live on its bonding curve.</p>
      <div className="mt-6 text-left">
        <p className="text-sm font-medium">Token Contract Address</p>
        <div className="mt-1 flex items-center gap-2 rounded-lg border border-line bg-surface p-2">
          <code className="min-w-0 flex-1 truncate text-sm" data-testid="created-token-address">{tokenAddress}</code>
          <CopyButton text={tokenAddress} label="Copy token address" toastTitle="Copied!" testId="copy-token-address" />
        </div>
      </div>
      <NextSteps tokenAddress={tokenAddress} />
      <div className="mt-6 flex flex-col gap-2 sm:flex-row">
        <Button size="lg" className="flex-1" onClick={view} disabled={leaving} data-testid="view-campaign">
          <ExternalLink className="h-4 w-4" aria-hidden /> View Campaign
        </Button>
        <Button size="lg" variant="secondary" className="flex-1" onClick={() => navigate('/')} data-testid="back-home">
          <Home className="h-4 w-4" aria-hidden /> Back to Home
        </Button>
      </div>
    </Card>
  );
}
