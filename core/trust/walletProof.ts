// Who proved control of a donation wallet, in the words every page uses (issue 34): the
// wallet's holder signed, not the creator. "The creator controls it" is said only of the
// creator's own wallet. The receipt's words (core/receipt.ts recipientDescription) say the same.

import { formatDayUtc } from '../format';
import type { WalletProof } from './facts';

const FLOW: Record<WalletProof['flow'], string> = { confirmation_request: 'a confirmation request from the creator' };

/** "The donation wallet's holder signed Causemint's consent on 3 December 2026 (a confirmation request from the creator)." */
export function walletProofSentence(proof: { provedAt: Date | string; flow: WalletProof['flow'] }): string {
  return `The donation wallet's holder signed Causemint's consent on ${formatDayUtc(proof.provedAt)} (${FLOW[proof.flow]}).`;
}

/** For the creator's own wallet only. */
export const CREATOR_CONTROLS_SENTENCE = 'The creator controls it: it is their own wallet.';
