import { AlertTriangle, CheckCircle2, Loader2, RefreshCw, Unplug, XCircle } from 'lucide-react';
import type { ConnectionResult } from '../../../../core/connectionResult';
import { useAdminHealth } from '../../../api/adminDashboard';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { LoadError } from './StatCard';

const RESULT_TONE: Record<ConnectionResult, string> = {
  Connected: 'text-brand-600 dark:text-brand-400',
  Partial: 'text-amber-700 dark:text-amber-400',
  Disconnected: 'text-muted',
  Failed: 'text-red-500',
};

function ResultIcon({ result }: { result: ConnectionResult }) {
  const className = 'mt-0.5 h-5 w-5 shrink-0';
  if (result === 'Connected') return <CheckCircle2 className={`${className} text-brand-500`} aria-hidden />;
  if (result === 'Partial') return <AlertTriangle className={`${className} text-amber-500`} aria-hidden />;
  if (result === 'Disconnected') return <Unplug className={`${className} text-muted`} aria-hidden />;
  return <XCircle className={`${className} text-red-500`} aria-hidden />;
}

/** Health of our own parts: database, chain RPC, storage, the launch service, the event stream. */
export function HealthChecks() {
  const health = useAdminHealth();
  return (
    <Card className="p-4 sm:p-6">
      <div className="flex items-center gap-2">
        <h2 className="font-bold">Service Health</h2>
        <Button size="sm" variant="secondary" className="ml-auto" onClick={() => void health.refetch()} disabled={health.isFetching}>
          <RefreshCw className={health.isFetching ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden /> {health.isFetching ? 'Checking...' : 'Run checks'}
        </Button>
      </div>
      {health.isPending ? <Spinner /> : !health.data ? <div className="mt-3"><LoadError message="Failed to run the health checks" onRetry={() => void health.refetch()} /></div> : (
        <ul className="mt-4 divide-y divide-line" data-testid="health-parts">
          {health.data.map((part) => (
            <li key={part.name} className="flex items-start gap-3 py-2.5" data-testid="health-part" data-status={part.status} data-result={part.result}>
              <ResultIcon result={part.result} />
              <div className="min-w-0 flex-1">
                <p className="font-medium">{part.name}</p>
                <p className="break-words text-xs text-muted">{part.detail}</p>
              </div>
              <div className="flex shrink-0 flex-col items-end gap-0.5">
                {health.isFetching ? (
                  <span className="inline-flex items-center gap-1 text-xs font-semibold text-muted" data-testid="health-result"><Loader2 className="h-3 w-3 animate-spin" aria-hidden /> Testing</span>
                ) : (
                  <span className={`text-xs font-semibold ${RESULT_TONE[part.result]}`} data-testid="health-result">{part.result}</span>
                )}
                <span className="text-xs tabular-nums text-muted">{part.latencyMs} ms</span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
