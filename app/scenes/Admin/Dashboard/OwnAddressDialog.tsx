import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';

type Props = { address: string | null; yourIp: string; busy: boolean; onCancel: () => void; onConfirm: () => void };

/** Asked before blocking a range that covers the admin's own address: the block would lock them out too. */
export function OwnAddressDialog({ address, yourIp, busy, onCancel, onConfirm }: Props) {
  return (
    <Dialog open={address !== null} onOpenChange={(open) => { if (!open) onCancel(); }} title="Block your own address?">
      <div data-testid="own-address-dialog">
        <p className="text-sm">
          <span className="font-mono font-semibold break-all">{address}</span> includes your current address{' '}
          <span className="font-mono font-semibold break-all">{yourIp}</span>.
        </p>
        <p className="mt-2 text-sm text-muted">
          Every request from it will be refused at once, this dashboard included. Only another address can lift the block.
        </p>
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onCancel} disabled={busy}>Cancel</Button>
          <Button variant="danger" onClick={onConfirm} disabled={busy}>Block anyway</Button>
        </div>
      </div>
    </Dialog>
  );
}
