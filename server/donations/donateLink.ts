import { transferRequestUrl } from '../../core/solanaPay';
import type { Db } from '../db/client';
import { referenceOf } from './references';

export type DonateLink = { url: string; reference: string; recipient: string };

/** The campaign's Solana Pay transfer request: its donation wallet, the amount, its reference. */
export async function donateLinkFor(
  db: Db, campaign: { id: number; name: string; donationWallet: string }, amountLamports?: bigint,
): Promise<DonateLink> {
  const reference = await referenceOf(db, campaign.id);
  const url = transferRequestUrl({
    recipient: campaign.donationWallet, amountLamports, references: [reference],
    label: 'Causemint', message: `Donation to ${campaign.name}`,
  });
  return { url, reference, recipient: campaign.donationWallet };
}
