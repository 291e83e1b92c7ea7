import { Clock, RefreshCw } from 'lucide-react';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';

// What happens to the payment meanwhile: the launch transaction either landed (the server
// finishes the campaign) or never will (nothing was paid).
const EXPLANATION = 'Your launch transaction was sent, but we could not confirm it yet. If it landed, the server finishes your campaign within the hour; if it did not, nothing was paid. Do not launch it again until it is settled.';

/**
 * The wallet signed the launch (and it was sent) but the outcome could not be learned (the answer
 * was lost and the lookups found nothing yet). No form: a second launch would be a second payment.
 */
export function UnresolvedView({ requestId, checking, onCheck }: { requestId: string; checking: boolean; onCheck: () => void }) {
  return (
    <Card className="mx-auto max-w-xl text-center" data-testid="creation-unresolved">
      <Clock className="mx-auto h-12 w-12 text-gold-500" aria-hidden />
      <h2 className="mt-3 text-2xl font-bold">Your campaign is being confirmed</h2>
      <p className="mt-2 text-muted">{EXPLANATION}</p>
      <p className="mt-4 text-xs text-muted">Request <code className="break-all font-mono">{requestId}</code></p>
      <Button size="lg" className="mt-6 w-full" onClick={onCheck} disabled={checking} data-testid="check-launch-again">
        <RefreshCw className={checking ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden /> {checking ? 'Checking...' : 'Check again'}
      </Button>
    </Card>
  );
}
