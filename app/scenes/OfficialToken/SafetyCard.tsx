import type { ReactNode } from 'react';
import { CheckCircle2, Info } from 'lucide-react';
import { formatBpsPercent } from '../../../core/format';
import { useOfficialSafety, type OfficialSafety, type OfficialToken } from '../../api/officialToken';
import { ExplorerAddress } from '../../components/ExplorerAddress';
import { compactTokens } from './format';

function Check({ label, good, testId, children }: { label: string; good: boolean; testId: string; children: ReactNode }) {
  const Icon = good ? CheckCircle2 : Info;
  return (
    <li className="flex items-start gap-2" data-testid={testId} data-good={good}>
      <Icon className={good ? 'mt-0.5 h-4 w-4 shrink-0 text-brand-500' : 'mt-0.5 h-4 w-4 shrink-0 text-muted'} aria-hidden />
      <div className="min-w-0 text-sm">
        <span className="font-semibold">{label}: </span>
        <span className="text-muted">{children}</span>
      </div>
    </li>
  );
}

/** On its own DBC pool the tax is the pool's fee: fixed in its config, and claimable by one key that can do nothing else. */
function PoolChecks({ data, who }: { data: OfficialSafety; who: (address: string) => ReactNode }) {
  return (
    <>
      <Check label="Tax" good testId="official-safety-fee">
        {formatBpsPercent(data.poolFeeBps!)} pool fee on every trade, in SOL, fixed in the pool&apos;s config: no one can change it; no transfer fee
      </Check>
      <Check label="Tax collector" good testId="official-safety-collector">
        {who(data.feeClaimer!)}, the distributor that pays out the tokenomics above, claims the fee less the
        {' '}{data.protocolSharePercent}% Meteora&apos;s protocol keeps. It can claim fees and nothing else.
      </Check>
      <Check label="Pool" good testId="official-safety-pool">
        {data.dammPool
          ? <>graduated: its liquidity is permanently locked in the DAMM v2 pool {who(data.dammPool)}</>
          : <>Meteora bonding curve {who(data.poolAddress!)}: no platform key can move its SOL or tokens</>}
      </Check>
    </>
  );
}

/**
 * The 'Safety check' link's target: what a token checker looks at, read from the mint on
 * chain (no one can mint more, freeze holders or change the tax; who may collect the tax).
 */
export function SafetyCard({ token }: { token: OfficialToken }) {
  const safety = useOfficialSafety(token.source !== 'sample');
  const who = (address: string) => <ExplorerAddress address={address} />;
  const data = safety.data;
  return (
    <section id="safety" className="rounded-2xl border border-line bg-surface-2 p-4 sm:p-6" data-testid="official-safety">
      <h2 className="text-xl font-bold">Safety check</h2>
      {safety.isPending && <p className="mt-3 text-sm text-muted">Reading the token from the chain...</p>}
      {safety.isError && <p className="mt-3 text-sm text-muted">The token could not be read from the chain right now.</p>}
      {data && (
        <ul className="mt-4 flex flex-col gap-2">
          <Check label="Supply" good={data.mintAuthority === null} testId="official-safety-mint">
            {compactTokens(data.supply)} {token.symbol}, {data.mintAuthority === null ? 'fixed: the mint authority is revoked' : <>the mint authority {who(data.mintAuthority)} can mint more</>}
          </Check>
          <Check label="Freeze" good={data.freezeAuthority === null} testId="official-safety-freeze">
            {data.freezeAuthority === null ? 'no freeze authority: no one can freeze a holder' : <>holders can be frozen by {who(data.freezeAuthority)}</>}
          </Check>
          {/* No pool here: a token that trades elsewhere (an official token on a cluster), whose tax, if any, is its mint's transfer fee. */}
          {data.poolFeeBps !== null ? <PoolChecks data={data} who={who} /> : (
            <Check label="Tax" good={data.transferFeeConfigAuthority === null} testId="official-safety-fee">
              {data.transferFeeBps === null ? 'no transfer fee' : `${formatBpsPercent(data.transferFeeBps)} on every transfer, `}
              {data.transferFeeBps !== null && (data.transferFeeConfigAuthority === null ? 'fixed: no one can change it' : <>changeable by {who(data.transferFeeConfigAuthority)}</>)}
            </Check>
          )}
          {data.withdrawWithheldAuthority && (
            <Check label="Tax collector" good testId="official-safety-collector">
              {who(data.withdrawWithheldAuthority)} may withdraw the collected tax
            </Check>
          )}
        </ul>
      )}
    </section>
  );
}
