import { useEffect } from 'react';
import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { toast } from 'sonner';
import type { DbStatus } from '../../api/dbStatus';

type Props = { isPending: boolean; error: Error | null; data: DbStatus | undefined };

export function ConnectionStatus({ isPending, error, data }: Props) {
  const failed = !isPending && (error !== null || data?.connected !== true);

  useEffect(() => {
    if (failed) toast.error(error?.message || 'Connection failed');
  }, [failed, error]);

  if (isPending) {
    return <p className="flex items-center gap-2 text-muted" role="status"><Loader2 className="h-5 w-5 animate-spin" aria-hidden /> Checking connection...</p>;
  }
  if (failed) {
    return (
      <p className="flex items-center gap-2 text-red-400" role="status">
        <XCircle className="h-5 w-5" aria-hidden /> Connection failed{error ? `: ${error.message}` : ''}
      </p>
    );
  }
  return (
    <p className="flex items-center gap-2 text-brand-600 dark:text-brand-400" role="status">
      <CheckCircle2 className="h-5 w-5" aria-hidden /> Connected ({data?.campaigns ?? 0} {data?.campaigns === 1 ? 'campaign' : 'campaigns'} in the database)
    </p>
  );
}
