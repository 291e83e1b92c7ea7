import { toast } from 'sonner';
import { storageResult } from '../../../../core/connectionResult';
import { errorMessage } from '../../../api/client';
import { useStorageProbe, type StorageProbe } from '../../../api/adminDashboard';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';

// Spec 2 section 4: Connected, Disconnected, Failed, Partial.
function verdict(probe: StorageProbe | undefined, failed: boolean): string {
  if (failed) return 'Failed';
  if (!probe) return 'Disconnected';
  return storageResult(probe);
}

/** Writes a probe file through the configured store and reads it back. */
export function ConnectionTest() {
  const probe = useStorageProbe();
  const result = probe.data;
  const state = probe.isPending ? 'Testing...' : verdict(result, probe.isError);

  const run = () => probe.mutate(undefined, {
    onSuccess: (r) => (r.ok ? toast.success('Test successful', { description: r.detail }) : toast.error('Test failed', { description: r.detail })),
    onError: (err) => toast.error('Test failed', { description: errorMessage(err, 'Connection failed') }),
  });

  return (
    <Card className="p-4 sm:p-6">
      <h2 className="font-bold">Connection Test</h2>
      <p className="mt-1 text-sm text-muted">Writes a small file through the configured storage and reads it back.</p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button onClick={run} disabled={probe.isPending}>Test Connection</Button>
        <span className="font-semibold" data-testid="storage-state">{state}</span>
      </div>
      {result && (
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted">Store</dt><dd>{result.store === 'pinata' ? 'Pinata' : 'Local file store'}</dd>
          <dt className="text-muted">Write</dt><dd>{result.write ? 'OK' : 'Failed'}</dd>
          <dt className="text-muted">Read</dt><dd>{result.read ? 'OK' : 'Failed'}</dd>
          {result.cid && <><dt className="text-muted">CID</dt><dd className="break-all font-mono text-xs">{result.cid}</dd></>}
          <dt className="text-muted">Detail</dt><dd className="break-words">{result.detail}</dd>
        </dl>
      )}
    </Card>
  );
}
