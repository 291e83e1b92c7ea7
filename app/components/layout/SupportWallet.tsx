import { useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { toast } from 'sonner';
import { COPY_INDICATOR_MS } from '../../../core/constants';
import { copyText } from '../../lib/clipboard';
import { useClientConfig } from '../../api/config';

export function SupportWallet() {
  const [copied, setCopied] = useState(false);
  // Always the server's: a wallet the platform holds the key of (GET /api/config).
  const address = useClientConfig().data?.supportWallet;
  const copy = async () => {
    if (!address) return;
    if (!(await copyText(address))) return;
    toast.success('Address Copied', { description: 'The support wallet address is on your clipboard.' });
    setCopied(true);
    setTimeout(() => setCopied(false), COPY_INDICATOR_MS);
  };
  return (
    <div className="min-w-0">
      <h2 className="text-sm font-semibold">Support the platform</h2>
      <p className="mt-1 text-sm text-muted">Donate SOL to help keep Causemint running:</p>
      <div className="mt-2 flex max-w-md items-center gap-2 rounded-lg border border-line bg-surface p-2">
        <code className="min-w-0 flex-1 truncate text-xs" data-testid="support-wallet" title={address}>{address ?? 'Loading…'}</code>
        <button type="button" onClick={copy} disabled={!address} className="rounded-md p-1.5 text-muted hover:bg-surface-3 hover:text-fg" aria-label="Copy support wallet address">
          {copied ? <Check className="h-4 w-4 text-brand-600 dark:text-brand-400" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />}
        </button>
      </div>
    </div>
  );
}
