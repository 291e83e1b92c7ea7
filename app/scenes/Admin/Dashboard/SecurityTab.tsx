import { useIpBlocks } from '../../../api/security';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { AuditLogBrowser } from './AuditLogBrowser';
import { IpBlockForm } from './IpBlockForm';
import { IpBlockList } from './IpBlockList';

/** The dashboard's Security tab: IP blocks (enforced by the server on every request) and the audit log. */
export function SecurityTab() {
  const blocks = useIpBlocks();
  return (
    <div className="grid gap-6">
      <Card className="p-4 sm:p-6">
        <h2 className="text-lg font-bold">Blocked IP Addresses</h2>
        <p className="mt-1 mb-4 text-sm text-muted">
          Requests from these addresses and ranges are refused with a 403 on every page and API call, within a second of blocking.
        </p>
        {blocks.isPending ? <Spinner label="Loading blocked addresses..." />
          : blocks.data ? (
            <div className="grid gap-4">
              <IpBlockForm yourIp={blocks.data.your_ip} />
              <IpBlockList blocks={blocks.data.blocks} />
            </div>
          ) : (
            <div role="alert" className="rounded-xl border border-red-500/40 bg-red-500/10 p-4 text-sm">
              Failed to load blocked addresses. <Button variant="secondary" size="sm" className="ml-2" onClick={() => void blocks.refetch()}>Retry</Button>
            </div>
          )}
      </Card>
      <Card className="p-4 sm:p-6">
        <AuditLogBrowser />
      </Card>
    </div>
  );
}
