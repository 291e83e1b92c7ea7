import { ExternalLink } from 'lucide-react';
import { shortAddress } from '../../core/format';
import { useExplorer } from '../solana/useExplorer';

/** An address as 'AbCd...WxYz' with a link to it on the explorer of the network we run on. */
export function ExplorerAddress({ address }: { address: string }) {
  const explorer = useExplorer();
  return (
    <span className="inline-flex items-center gap-1">
      <span className="font-mono">{shortAddress(address)}</span>
      {explorer && <a href={explorer.address(address)} target="_blank" rel="noopener noreferrer" aria-label="View on explorer" className="text-brand-400"><ExternalLink className="h-3.5 w-3.5" aria-hidden /></a>}
    </span>
  );
}
