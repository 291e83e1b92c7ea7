import { useState } from 'react';
import type { Cluster } from '../../../../core/clientConfig';
import { ADMIN_PREFIX } from '../../../../core/constants';
import { useClientConfig } from '../../../api/config';
import { ButtonLink } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ApiTester } from './ApiTester';
import { HealthChecks } from './HealthChecks';
import { RateLimitNote } from './RateLimitNote';
import { SdkTests } from './SdkTests';

const NETWORKS: { cluster: Cluster; label: string }[] = [
  { cluster: 'mainnet-beta', label: 'Mainnet' },
  { cluster: 'devnet', label: 'Devnet' },
  { cluster: 'testnet', label: 'Testnet' },
];

export function SdkTab() {
  const config = useClientConfig().data;
  // The browser only ever talks to /api/rpc: the local ledger, or the one cluster the server is configured for.
  const options = config?.localMode ? [{ cluster: 'localnet' as Cluster, label: 'Local ledger' }] : NETWORKS;
  const [chosen, setChosen] = useState<Cluster | null>(null);
  const network = chosen ?? config?.cluster ?? 'localnet';
  const label = options.find((o) => o.cluster === network)?.label ?? network;

  return (
    <div className="space-y-6">
      <Card className="p-4 sm:p-6">
        <h2 className="font-bold">RPC Network</h2>
        <div role="radiogroup" aria-label="RPC network" className="mt-3 flex flex-wrap gap-2">
          {options.map((o) => {
            const available = o.cluster === config?.cluster;
            return (
              <button
                key={o.cluster} type="button" role="radio" aria-checked={network === o.cluster} disabled={!available}
                onClick={() => setChosen(o.cluster)}
                title={available ? undefined : 'Not configured on this server (SOLANA_RPC_URL / SOLANA_CLUSTER)'}
                className="rounded-lg border border-line px-3 py-1.5 text-sm disabled:cursor-not-allowed disabled:opacity-40 aria-checked:border-brand-500 aria-checked:bg-brand-500/10"
              >
                {o.label}
              </button>
            );
          })}
        </div>
        <p className="mt-2 text-xs text-muted">{config?.localMode ? 'Local mode: only the in-process ledger exists.' : 'Only the configured cluster can be reached through /api/rpc.'}</p>
      </Card>
      <HealthChecks />
      <ButtonLink to={`${ADMIN_PREFIX}/test-pinata`} variant="secondary">File pinning test (upload)</ButtonLink>
      <RateLimitNote />
      <div className="grid gap-6 lg:grid-cols-2">
        <SdkTests network={label} />
        <ApiTester />
      </div>
    </div>
  );
}
