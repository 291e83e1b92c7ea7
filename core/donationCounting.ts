// How transfers to a campaign's donation wallet count (issue 21), in the words the pages use.

import { walletProofSentence } from './trust/walletProof';

/** Plain transfers count: the wallet is the creator's own, or its holder signed its consent. */
export const ALL_TRANSFERS_TEXT = 'Every transfer to this wallet counts';

/** Only transfers that carry the campaign's Solana Pay reference count (the Donate button adds it). */
export const REFERENCE_ONLY_TEXT = "Donations to this wallet are counted when they carry this campaign's reference";

/**
 * Why every transfer counts, saying who proved control: the creator for their own wallet, the
 * wallet's holder (with the day and the flow) for any other.
 */
export function allTransfersText(proof: { ownWallet: boolean; provedAt: string | null }): string {
  if (proof.ownWallet) return `${ALL_TRANSFERS_TEXT}: it is the creator's own wallet, so the creator controls it.`;
  if (proof.provedAt === null) return `${ALL_TRANSFERS_TEXT}: its holder confirmed it with a signature from that wallet.`;
  const sentence = walletProofSentence({ provedAt: proof.provedAt, flow: 'confirmation_request' });
  return `${ALL_TRANSFERS_TEXT}: ${sentence.charAt(0).toLowerCase()}${sentence.slice(1)}`;
}
