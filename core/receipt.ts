import type { DonationWalletKind } from './trust/facts';
import { groupThousands } from './format';
import { parseUnits } from './money';
import { LAMPORTS_PER_SOL } from './constants';

/** What every donation receipt states: the donor received nothing for the gift. */
export const NO_GOODS_STATEMENT = 'No goods or services were provided in exchange for this donation.';

/** Why the platform is not the one confirming receipt: the SOL never passed through us. */
export const DIRECT_TRANSFER_NOTE = 'This donation went directly from the donor\'s wallet to the receiving wallet on the Solana blockchain; Causemint never held it. Whether it is tax-deductible depends on the recipient and on where you pay tax.';

const RATE_DECIMALS = 8;

/**
 * What `lamports` were worth in US cents at a SOL/USD rate given as a decimal string (as
 * stored with the donation), rounded half up. Null without a rate: a receipt then shows no
 * USD figure rather than one at a rate of another day.
 */
export function usdCentsAt(lamports: bigint, solUsd: string | null): bigint | null {
  if (solUsd === null) return null;
  const rate = parseUnits(solUsd, RATE_DECIMALS, 'SOL/USD rate');
  const denominator = LAMPORTS_PER_SOL * 10n ** BigInt(RATE_DECIMALS);
  return (lamports * rate * 100n + denominator / 2n) / denominator;
}

/** US cents as "$1,234.56". */
export function formatUsdCents(cents: bigint): string {
  const negative = cents < 0n;
  const magnitude = negative ? -cents : cents;
  const dollars = groupThousands((magnitude / 100n).toString());
  return `${negative ? '-' : ''}$${dollars}.${(magnitude % 100n).toString().padStart(2, '0')}`;
}

/** Who a receiving wallet belongs to, in the words a receipt prints. */
export function recipientDescription(kind: DonationWalletKind, charityName: string | null): string {
  switch (kind) {
    case 'verified_charity': return `${charityName ?? 'A verified charity'} (a verified charity)`;
    case 'creator_wallet': return 'The campaign creator\'s own wallet';
    case 'proven': return 'The campaign\'s donation wallet, chosen by its creator and confirmed by a signature from that wallet';
    case 'unproven': return 'The campaign\'s donation wallet, chosen by its creator (its owner has not confirmed it)';
    case 'none': return 'The campaign\'s donation wallet at the time';
  }
}

/** The CSV's years: none before Solana's mainnet, none in the future (checked by the server against its clock). */
export const FIRST_DONATION_YEAR = 2020;

/** A USD decimal string ("30.86", a rate "123.45000000") as "$30.86", rounded half up to the cent. */
export function formatUsdText(amount: string): string {
  const units = parseUnits(amount, RATE_DECIMALS, 'USD amount');
  const perCent = 10n ** BigInt(RATE_DECIMALS - 2);
  return formatUsdCents((units + perCent / 2n) / perCent);
}
