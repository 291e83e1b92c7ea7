import { useState, type FormEvent } from 'react';
import { Ban } from 'lucide-react';
import { toast } from 'sonner';
import { parseIpAddress, parseIpRange, rangeContains } from '../../../../core/ipAddress';
import { IpBlockCreateSchema } from '../../../../core/schemas/security';
import { errorMessage } from '../../../api/client';
import { useBlockIp } from '../../../api/security';
import { Button } from '../../../components/ui/Button';
import { Input, Label } from '../../../components/ui/Field';
import { OwnAddressDialog } from './OwnAddressDialog';

/** Adds an address or CIDR range to the block list; asks first when it covers the admin's own address. */
export function IpBlockForm({ yourIp }: { yourIp: string }) {
  const block = useBlockIp();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pendingOwn, setPendingOwn] = useState<string | null>(null);

  const send = async (address: string, confirm: boolean) => {
    try {
      const created = await block.mutateAsync({ address, confirm });
      toast.success('IP blocked', { description: `${created.address} is refused from now on.` });
      setText('');
      setPendingOwn(null);
    } catch (err) {
      setPendingOwn(null);
      toast.error('Failed to block IP', { description: errorMessage(err, 'Failed to block IP') });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = IpBlockCreateSchema.safeParse({ address: text });
    if (!parsed.success) {
      setError(parsed.error.issues[0].message);
      return;
    }
    setError(null);
    const range = parseIpRange(parsed.data.address);
    const own = parseIpAddress(yourIp);
    if (range && own && rangeContains(range, own)) {
      setPendingOwn(parsed.data.address);
      return;
    }
    void send(parsed.data.address, false);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Label htmlFor="ip-block-address">IP address or CIDR range</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id="ip-block-address"
          value={text}
          onChange={(e) => { setText(e.target.value); setError(null); }}
          placeholder="e.g. 203.0.113.7 or 10.0.0.0/8"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error !== null}
          aria-describedby="ip-block-hint"
          className="font-mono"
        />
        <Button type="submit" variant="danger" disabled={block.isPending} className="shrink-0">
          <Ban className="h-4 w-4" aria-hidden /> {block.isPending ? 'Blocking...' : 'Block'}
        </Button>
      </div>
      {error
        ? <p id="ip-block-hint" role="alert" className="mt-1 text-sm text-red-500">{error}</p>
        : <p id="ip-block-hint" className="mt-1 text-xs text-muted">Your address as the server sees it: <span className="font-mono break-all" data-testid="your-ip">{yourIp}</span></p>}
      <OwnAddressDialog
        address={pendingOwn}
        yourIp={yourIp}
        busy={block.isPending}
        onCancel={() => setPendingOwn(null)}
        onConfirm={() => { if (pendingOwn) void send(pendingOwn, true); }}
      />
    </form>
  );
}
