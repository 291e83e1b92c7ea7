import type { CampaignMint } from '../chain/token';

/** Who may still act on a mint, as the chain states it: null is revoked (or the mint unread). */
export function presentMintAuthorities(mint: CampaignMint | null) {
  return {
    mintAuthority: mint?.mintAuthority ?? null,
    freezeAuthority: mint?.freezeAuthority ?? null,
    transferFeeConfigAuthority: mint?.transferFee?.configAuthority ?? null,
    withdrawWithheldAuthority: mint?.transferFee?.withdrawWithheldAuthority ?? null,
    metadataUpdateAuthority: mint?.metadata?.updateAuthority ?? null,
  };
}
