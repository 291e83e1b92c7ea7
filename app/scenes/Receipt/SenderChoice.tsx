import { Link } from 'react-router';
import { formatSol, parseSol } from '../../../core/money';
import type { ReceiptSenders } from '../../api/receipts';
import { Card } from '../../components/ui/Card';

/**
 * /receipt/{signature} of a transaction several wallets gave in: each has its own receipt,
 * for its own transfer only, so the visitor picks the wallet they gave from.
 */
export function SenderChoice({ choice }: { choice: ReceiptSenders }) {
  return (
    <Card className="flex flex-col gap-4" data-testid="receipt-senders">
      <div>
        <p className="text-sm font-semibold tracking-wide text-brand-500 uppercase">Causemint</p>
        <h1 className="mt-1 text-2xl font-bold">Donations from {choice.senders.length} wallets</h1>
      </div>
      <p className="text-sm text-muted">This transaction holds a direct donation from each of these wallets. Each wallet has its own receipt, for what it gave: open the one you gave from.</p>
      <ul className="divide-y divide-line rounded-lg border border-line">
        {choice.senders.map((s) => (
          <li key={s.donor} className="flex flex-wrap items-center gap-x-4 gap-y-1 p-3 text-sm">
            <span className="min-w-0 flex-1 font-mono break-all">{s.donor}</span>
            {s.counted
              ? <Link to={s.receipt_path} className="font-semibold text-brand-500 hover:underline">Receipt for {formatSol(parseSol(s.sol))} SOL</Link>
              : <Link to={s.receipt_path} className="text-muted hover:underline">{formatSol(parseSol(s.sent_sol))} SOL sent, not counted</Link>}
          </li>
        ))}
      </ul>
    </Card>
  );
}
