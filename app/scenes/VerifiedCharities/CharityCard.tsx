import { ExternalLink, Globe, HeartHandshake } from 'lucide-react';
import { formatUnitsGrouped } from '../../../core/format';
import { isWebsiteUrl } from '../../../core/schemas/creation';
import type { PublicCharity } from '../../api/charities';
import { CopyButton } from '../../components/CopyButton';
import { useExplorer } from '../../solana/useExplorer';

/** The link behind the website text: the stored URL, else the display text when it is a domain. */
export function charityHref(c: { website: string | null; website_url: string | null }): string | null {
  if (c.website_url) return c.website_url;
  if (c.website && isWebsiteUrl(c.website)) return /^https?:\/\//i.test(c.website) ? c.website : `https://${c.website}`;
  return null;
}

export function CharityLogo({ name, logo, size = 'h-12 w-12' }: { name: string; logo: string | null; size?: string }) {
  if (logo) return <img src={logo} alt="" className={`${size} shrink-0 rounded-xl border border-line bg-surface object-cover`} loading="lazy" />;
  return (
    <span className={`${size} flex shrink-0 items-center justify-center rounded-xl bg-brand-500/15 font-bold text-brand-600 dark:text-brand-400`} aria-hidden>
      {name.trim().charAt(0).toUpperCase()}
    </span>
  );
}

function PaidSoFar({ charity }: { charity: PublicCharity }) {
  // The built-in list knows no payouts: say nothing rather than 'none yet'.
  if (charity.built_in) return null;
  const lamports = BigInt(charity.paid_lamports);
  if (lamports === 0n) return <p className="text-xs text-muted">No campaign payouts yet</p>;
  const n = charity.paying_campaigns;
  return (
    <p className="flex items-center gap-1.5 text-xs">
      <HeartHandshake className="h-3.5 w-3.5 text-brand-600 dark:text-brand-400" aria-hidden />
      <span><strong data-testid="charity-paid">{formatUnitsGrouped(lamports, 9, 4)} SOL</strong> paid by {n.toLocaleString('en-US')} {n === 1 ? 'campaign' : 'campaigns'}</span>
    </p>
  );
}

export function CharityCard({ charity }: { charity: PublicCharity }) {
  const explorer = useExplorer();
  const href = charityHref(charity);
  const wallet = charity.wallet_address;
  return (
    <article className="flex min-w-0 flex-col gap-3 rounded-2xl border border-line bg-surface-2 p-5" data-testid="charity-card">
      <div className="flex items-start gap-3">
        <CharityLogo name={charity.name} logo={charity.logo} />
        <div className="min-w-0">
          <h3 className="font-bold leading-snug">{charity.name}</h3>
          {charity.website && (href
            ? <a href={href} target="_blank" rel="noopener noreferrer" className="mt-0.5 inline-flex max-w-full items-center gap-1 text-sm text-brand-600 hover:underline dark:text-brand-400"><Globe className="h-3.5 w-3.5 shrink-0" aria-hidden /><span className="truncate">{charity.website}</span></a>
            : <p className="mt-0.5 truncate text-sm text-muted">{charity.website}</p>)}
        </div>
      </div>
      {charity.description && <p className="text-sm text-muted">{charity.description}</p>}
      <div className="mt-auto space-y-2">
        <div className="rounded-lg border border-line bg-surface px-3 py-2">
          <p className="text-xs font-medium text-muted">Donation wallet</p>
          <div className="flex items-center gap-1">
            <code className="min-w-0 flex-1 truncate font-mono text-xs" title={wallet}>{wallet}</code>
            <CopyButton text={wallet} label={`Copy ${charity.name}'s wallet address`} toastTitle="Address Copied" />
            {explorer && (
              <a href={explorer.address(wallet)} target="_blank" rel="noopener noreferrer" aria-label={`View ${charity.name}'s wallet on the explorer`}
                className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-md text-muted hover:bg-surface-3 hover:text-fg">
                <ExternalLink className="h-4 w-4" aria-hidden />
              </a>
            )}
          </div>
        </div>
        <PaidSoFar charity={charity} />
      </div>
    </article>
  );
}
