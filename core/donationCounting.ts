// How transfers to a campaign's donation wallet count (issue 21), in the words the pages use.

/** Plain transfers count: the creator proved control of the wallet (their own, or it signed its consent). */
export const ALL_TRANSFERS_TEXT = 'Every transfer to this wallet counts: the creator proved they control it.';

/** Only transfers that carry the campaign's Solana Pay reference count (the Donate button adds it). */
export const REFERENCE_ONLY_TEXT = "Donations to this wallet are counted when they carry this campaign's reference";
