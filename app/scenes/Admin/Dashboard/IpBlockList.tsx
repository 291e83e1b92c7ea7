import { toast } from 'sonner';
import { errorMessage } from '../../../api/client';
import { useUnblockIp, type IpBlock } from '../../../api/security';
import { Button } from '../../../components/ui/Button';
import { formatWhen } from './securityFormat';

/** The blocked addresses and ranges, newest first, each with who blocked it, when, and Unblock. */
export function IpBlockList({ blocks }: { blocks: IpBlock[] }) {
  const unblock = useUnblockIp();

  const lift = async (block: IpBlock) => {
    try {
      await unblock.mutateAsync(block.id);
      toast.success('IP unblocked', { description: `${block.address} may visit again.` });
    } catch (err) {
      toast.error('Failed to unblock IP', { description: errorMessage(err, 'Failed to unblock IP') });
    }
  };

  if (blocks.length === 0) {
    return <p className="rounded-xl border border-dashed border-line p-6 text-center text-sm text-muted" data-testid="ip-blocks-empty">No blocked IP addresses</p>;
  }
  return (
    <ul className="divide-y divide-line rounded-xl border border-line" data-testid="ip-blocks">
      {blocks.map((block) => (
        <li key={block.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3" data-testid="ip-block-row">
          <div className="min-w-0 flex-1">
            <p className="font-mono text-sm font-semibold break-all" data-testid="ip-block-address">{block.address}</p>
            <p className="text-xs text-muted">
              Blocked by <span className="font-medium text-fg">{block.blocked_by}</span> · <time dateTime={block.created_at}>{formatWhen(block.created_at)}</time>
            </p>
          </div>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void lift(block)}
            disabled={unblock.isPending && unblock.variables === block.id}
            aria-label={`Unblock ${block.address}`}
          >
            Unblock
          </Button>
        </li>
      ))}
    </ul>
  );
}
