import { useState } from 'react';
import { useParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { isNotYet, RECEIPT_WAIT_MS, useReceipt } from '../../api/receipts';
import { ButtonLink } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { useNow } from '../../lib/useNow';
import { NoReceipt } from './NoReceipt';
import { ReceiptDocument } from './ReceiptDocument';
import { SenderChoice } from './SenderChoice';

/**
 * /receipt/{signature}/{donor}: a direct donation's printable receipt, the donor's own
 * (/receipt/{signature} is the one donor's, or a choice when several gave in it). The
 * donation toast links here the moment the transfer confirms, before the indexer has read
 * it, so a 404 first means "a moment" and only after a minute "no donation recorded". A
 * transfer of which nothing counted shows why, and no amount.
 */
export function ReceiptPage() {
  const { signature, donor } = useParams();
  const [pollUntil] = useState(() => Date.now() + RECEIPT_WAIT_MS);
  const receipt = useReceipt(signature, donor, pollUntil);
  const now = useNow(1000);
  const waiting = isNotYet(receipt.error) && now < pollUntil;

  return (
    <section className="mx-auto max-w-3xl px-4 py-8 sm:py-12 print:max-w-none print:p-0">
      {(receipt.isPending || waiting) && (
        <Card className="flex flex-col items-center gap-3 py-12 text-center" data-testid="receipt-waiting">
          <Spinner label={receipt.isPending ? 'Loading the receipt...' : 'Waiting for the donation to be recorded...'} />
          {waiting && <p className="max-w-md text-sm text-muted">Your donation is on the blockchain; the receipt appears as soon as Causemint has read it, usually within seconds.</p>}
        </Card>
      )}
      {receipt.isError && !waiting && (
        <Card className="flex flex-col items-center gap-3 py-12 text-center" role="alert" data-testid="receipt-missing">
          <h1 className="text-xl font-bold">{isNotYet(receipt.error) ? 'No donation recorded for this transaction' : 'Failed to load the receipt'}</h1>
          <p className="max-w-md text-sm text-muted">
            {isNotYet(receipt.error)
              ? 'Receipts exist for direct donations to a campaign. If you just donated, check the transaction on the explorer and reload this page in a minute.'
              : errorMessage(receipt.error, 'Please try again.')}
          </p>
          <ButtonLink to="/account" variant="secondary">My donations</ButtonLink>
        </Card>
      )}
      {receipt.data?.kind === 'receipt' && <ReceiptDocument receipt={receipt.data} />}
      {receipt.data?.kind === 'not_counted' && <NoReceipt transfer={receipt.data} />}
      {receipt.data?.kind === 'senders' && <SenderChoice choice={receipt.data} />}
    </section>
  );
}
