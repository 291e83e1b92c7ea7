import { Clock, RefreshCw } from 'lucide-react';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';

/**
 * The funding was paid but the launch's outcome could not be learned (the answer was lost
 * and the lookups found nothing yet). No form: a second launch would be a second payment.
 * The server finishes or refunds every funded request on its own.
 */
export function UnresolvedView({ requestId, checking, onCheck }: { requestId: string; checking: boolean; onCheck: () => void }) {
  return (
    <Card className="mx-auto max-w-xl text-center" data-testid="creation-unresolved">
      <Clock className="mx-auto h-12 w-12 text-gold-500" aria-hidden />
      <h2 className="mt-3 text-2xl font-bold">Your campaign is being confirmed</h2>
      <p className="mt-2 text-muted">
        Your payment went through, but we could not confirm the launch yet. The server finishes it, or refunds the payment
        to your wallet if it cannot. Do not launch it again.
      </p>
      <p className="mt-4 text-xs text-muted">Request <code className="break-all font-mono">{requestId}</code></p>
      <Button size="lg" className="mt-6 w-full" onClick={onCheck} disabled={checking} data-testid="check-launch-again">
        <RefreshCw className={checking ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden /> {checking ? 'Checking...' : 'Check again'}
      </Button>
    </Card>
  );
}
