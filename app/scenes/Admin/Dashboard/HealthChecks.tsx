import { CheckCircle2, RefreshCw, XCircle } from 'lucide-react';
import { useAdminHealth } from '../../../api/adminDashboard';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { LoadError } from './StatCard';

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
            <li key={part.name} className="flex items-start gap-3 py-2.5" data-testid="health-part" data-status={part.status}>
              {part.status === 'ok' ? <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-brand-500" aria-label="OK" /> : <XCircle className="mt-0.5 h-5 w-5 shrink-0 text-red-500" aria-label="Failed" />}
              <div className="min-w-0 flex-1">
                <p className="font-medium">{part.name}</p>
                <p className="break-words text-xs text-muted">{part.detail}</p>
              </div>
              <span className="shrink-0 text-sm tabular-nums text-muted">{part.latencyMs} ms</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
