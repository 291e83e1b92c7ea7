import { ExternalLink, Flame } from 'lucide-react';
import { formatSolFixed } from '../../../core/format';
import type { LinePaid, OfficialMarket, OfficialToken } from '../../api/officialToken';
import { everyInterval } from '../../../core/taxStory';
import { usePayoutIntervalMs } from '../../api/config';
import { useExplorer } from '../../solana/useExplorer';
import { compactTokens } from './format';

const BAR_COLOURS = ['bg-brand-500', 'bg-gold-400', 'bg-sky-500', 'bg-violet-500'];

function Paid({ paid, explorerTx }: { paid: LinePaid | undefined; explorerTx: ((s: string) => string) | undefined }) {
  const lamports = BigInt(paid?.paidLamports ?? '0');
  return (
    <p className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-muted">
      <span>Paid so far: <span className="font-semibold text-fg" data-testid="official-line-paid">{formatSolFixed(lamports, 3)} SOL</span></span>
      {paid?.latestSignature && explorerTx && (
        <a href={explorerTx(paid.latestSignature)} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-0.5 text-brand-600 hover:underline dark:text-brand-400" data-testid="official-line-tx">
          latest transaction <ExternalLink className="h-3 w-3" aria-hidden />
        </a>
      )}
    </p>
  );
}

/** The split of the tax, each line with its share bar and what it has actually paid on chain. */
export function TokenomicsCard({ config, market }: { config: OfficialToken; market: OfficialMarket | undefined }) {
  const explorer = useExplorer();
  const payoutMs = usePayoutIntervalMs();
  return (
    <section id="tokenomics" className="rounded-2xl border border-line bg-surface-2 p-4 sm:p-6" data-testid="official-tokenomics">
      <h2 className="text-xl font-bold">Tokenomics ({config.totalTaxPercent}% Tax)</h2>
      {config.protocolSharePercent !== null && (
        <p className="mt-2 text-sm text-muted" data-testid="official-protocol-share">
          A {config.totalTaxPercent}% pool fee on every trade. Meteora&apos;s protocol keeps {config.protocolSharePercent}% of it
          ({(config.totalTaxPercent * config.protocolSharePercent) / 100}% of each trade); the rest is claimed and split as below.
        </p>
      )}
      <ul className="mt-4 flex flex-col gap-4">
        {config.tokenomics.map((line, i) => (
          <li key={line.label} data-testid="official-tokenomics-line" data-label={line.label}>
            <div className="flex items-baseline justify-between gap-2 text-sm">
              <span className="font-semibold">{line.label}</span>
              <span className="text-muted">{line.percent}% of {config.protocolSharePercent === null ? 'the tax' : 'the claimed fee'} ({line.taxPoints}% of each trade)</span>
            </div>
            <div className="mt-1 h-2 overflow-hidden rounded-full bg-surface-3" role="presentation">
              <div className={`h-full rounded-full ${BAR_COLOURS[i % BAR_COLOURS.length]}`} style={{ width: `${line.percent}%` }} />
            </div>
            {/* On a cluster the operator's own distributor pays the tax out: nothing here to report. */}
            {config.source !== 'cluster' && <Paid paid={market?.paid[line.label]} explorerTx={explorer?.tx} />}
            {line.label === 'Buyback' && (
              <p className="mt-0.5 flex items-center gap-1 text-xs text-muted">
                <Flame className="h-3 w-3 text-orange-500" aria-hidden />
                Tokens burned: <span className="font-semibold text-fg" data-testid="official-burned">{compactTokens(market?.burnedBaseUnits ?? '0')}</span>
              </p>
            )}
          </li>
        ))}
      </ul>
      {market && market.charityPayouts.length > 0 && (
        <div className="mt-5 border-t border-line pt-4" data-testid="official-charity-payouts">
          <h3 className="text-sm font-semibold">Latest charity giveaways</h3>
          <ul className="mt-2 flex flex-col gap-1 text-xs text-muted">
            {market.charityPayouts.map((p) => {
              const amount = `${formatSolFixed(BigInt(p.paidLamports), 3)} SOL`;
              return (
                <li key={`${p.signature}-${p.wallet}`} className="flex flex-wrap justify-between gap-x-2">
                  <span className="font-medium text-fg">{p.name}</span>
                  {p.signature && explorer
                    ? <a href={explorer.tx(p.signature)} target="_blank" rel="noopener noreferrer" className="text-brand-600 hover:underline dark:text-brand-400">{amount}</a>
                    : <span>{amount}</span>}
                </li>
              );
            })}
          </ul>
        </div>
      )}
      {/* Buybacks burn what they buy: the supply falls with every run that bought back. */}
      <p className="mt-5 flex items-center gap-1 text-sm text-muted">
        Supply: <span className="font-semibold text-fg" data-testid="official-supply" data-units={market?.supply ?? undefined}>{market?.supply ? `${compactTokens(market.supply)} ${config.symbol}` : 'TBA'}</span>
      </p>
      <p className="mt-5 rounded-lg bg-surface-3 px-3 py-2 text-xs text-muted">Tax is distributed {everyInterval(payoutMs)}.</p>
    </section>
  );
}
