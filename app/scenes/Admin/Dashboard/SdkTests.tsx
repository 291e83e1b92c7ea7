import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Input, Label } from '../../../components/ui/Field';
import { looksLikeAddress, rpcCall } from './rpcTest';

type Test = { id: string; label: string; needs: 'wallet' | 'mint' | null; method: string; params: (wallet: string, mint: string) => unknown[] };

const TESTS: Test[] = [
  { id: 'blockhash', label: 'Latest Blockhash', needs: null, method: 'getLatestBlockhash', params: () => [{ commitment: 'confirmed' }] },
  { id: 'balance', label: 'Get Balance', needs: 'wallet', method: 'getBalance', params: (w) => [w, { commitment: 'confirmed' }] },
  { id: 'account', label: 'Account Info', needs: 'wallet', method: 'getAccountInfo', params: (w) => [w, { encoding: 'jsonParsed', commitment: 'confirmed' }] },
  { id: 'supply', label: 'Token Supply', needs: 'mint', method: 'getTokenSupply', params: (_w, m) => [m, { commitment: 'confirmed' }] },
];

type Result = { status: 'testing' | 'success' | 'failed'; durationMs?: number; output?: string };

/** The spec's SDK tests, through our own /api/rpc. */
export function SdkTests({ network }: { network: string }) {
  const [wallet, setWallet] = useState('');
  const [mint, setMint] = useState('');
  const [results, setResults] = useState<Record<string, Result>>({});

  const run = async (test: Test) => {
    const w = wallet.trim();
    const m = mint.trim();
    if (test.needs === 'wallet' && !w) return void toast.error('Please enter a wallet address');
    if (test.needs === 'mint' && !m) return void toast.error('Please enter a token mint address');
    if ((test.needs === 'wallet' && !looksLikeAddress(w)) || (test.needs === 'mint' && !looksLikeAddress(m))) return void toast.error('That is not a Solana address');
    setResults((r) => ({ ...r, [test.id]: { status: 'testing' } }));
    const { ok, durationMs, result } = await rpcCall(test.method, test.params(w, m));
    setResults((r) => ({ ...r, [test.id]: { status: ok ? 'success' : 'failed', durationMs, output: JSON.stringify(result, null, 2) } }));
    if (ok) toast.success('Test successful', { description: `${test.label} in ${durationMs} ms` });
    else toast.error('Test failed', { description: `${test.label}: ${String(result)} (${durationMs} ms)` });
  };

  return (
    <Card className="p-4 sm:p-6">
      <h2 className="font-bold">SDK Tests</h2>
      <p className="mt-1 text-sm text-muted">Solana RPC calls through this site's /api/rpc ({network}).</p>
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        <div><Label htmlFor="sdk-wallet">Wallet address</Label><Input id="sdk-wallet" value={wallet} onChange={(e) => setWallet(e.target.value)} placeholder="Base58 wallet address" spellCheck={false} /></div>
        <div><Label htmlFor="sdk-mint">Token mint</Label><Input id="sdk-mint" value={mint} onChange={(e) => setMint(e.target.value)} placeholder="Base58 token mint address" spellCheck={false} /></div>
      </div>
      <ul className="mt-4 space-y-3">
        {TESTS.map((test) => {
          const result = results[test.id];
          return (
            <li key={test.id} className="rounded-lg border border-line p-3" data-testid={`sdk-${test.id}`}>
              <div className="flex flex-wrap items-center gap-2">
                <Button size="sm" variant="secondary" onClick={() => void run(test)} disabled={result?.status === 'testing'}>{test.label}</Button>
                {result && (
                  <span className={result.status === 'success' ? 'text-sm text-brand-600 dark:text-brand-400' : result.status === 'failed' ? 'text-sm text-red-500' : 'text-sm text-muted'} data-testid="sdk-status">
                    {result.status === 'testing' ? 'Testing...' : `${result.status === 'success' ? 'Success' : 'Failed'} · ${result.durationMs} ms`}
                  </span>
                )}
              </div>
              {result?.output && <pre className="mt-2 max-h-48 overflow-auto rounded bg-surface p-2 text-xs">{result.output}</pre>}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
