// The facts a careful donor should know about a campaign token (issue 23), as the server
// computes them from its indexes and the chain. Amounts are base units (bigint); `null`
// means "not known" (a mint that could not be read) or "not computed yet" where a field says so.

/** Who may still act on the token, as the mint states it; null = nobody (revoked). */
export type AuthorityFacts = {
  mintAuthority: string | null;
  freezeAuthority: string | null;
  feeConfigAuthority: string | null;
  withdrawWithheldAuthority: string | null;
  metadataUpdateAuthority: string | null;
  /** The campaign's distributor wallet: the one withdraw-withheld authority that is expected. */
  distributorWallet: string | null;
  /** The curve's pool wallet, a platform key that co-signs only quoted trades; for a DBC pool, the pool's address. */
  poolWallet: string | null;
  /** dbc: a Meteora DBC pool no platform key can move (issue 36); absent or custodial: the pool wallet above. */
  poolProgram?: 'custodial' | 'dbc';
  /** A graduated DBC pool's DAMM v2 pool, where its liquidity is locked. */
  dammPool?: string | null;
  /** The metadata update authority is one of the platform's keys (the treasury at launch). */
  metadataAuthorityIsPlatform: boolean;
  transferFeeBps: number | null;
};

export type HolderLabel = 'pool' | 'creator' | 'distributor' | 'platform';

export type Holder = { wallet: string; tokens: bigint; label: HolderLabel | null };

export type HolderFacts = {
  /** Tokens held by every wallet that is not a platform key (pool, distributor, other platform keys): core/holders.ts. */
  circulatingTokens: bigint;
  /** Wallets holding tokens, platform keys left out: the one holder count (core/holders.ts). */
  holderCount: number;
  /** The 10 largest holders outside the platform's keys, together. */
  top10Tokens: bigint;
  creatorTokens: bigint;
  /** The largest holder that is neither a platform key nor the creator (whose share has its own rule). */
  largest: { wallet: string; tokens: bigint } | null;
  /** The largest holders, platform keys included and labelled, largest first (at most 50). */
  top: Holder[];
};

export type TradeTotals = { count: number; tokens: bigint; lamports: bigint };

export type CreatorTradeFacts = {
  creatorWallet: string;
  /** The launch's initial buy (paid through the funding wallet, tokens to the creator). */
  initialBuy: { tokens: bigint; lamports: bigint; signature: string; at: Date } | null;
  /** Buys after the initial one. */
  buys: TradeTotals;
  sells: TradeTotals;
  /** Tokens the creator received from the curve, the initial buy included: what they held to sell. */
  boughtTokens: bigint;
  lastSellAt: Date | null;
  /**
   * Tokens that left the creator's wallet other than by curve sells: the gross outflow, every
   * decrease of their balance in a transaction that is not one of their curve trades, read
   * from the transactions' metas. null when their history could not be read.
   */
  transferredOutTokens: bigint | null;
  /** Tokens that reached the creator's wallet other than by curve buys (the same reading). */
  transferredInTokens: bigint | null;
  /** False when the creator's token account has more transactions than were read: the moves are a lower bound. */
  transfersExact: boolean;
  /**
   * Wallets the creator funded: buyers whose first SOL came from the creator's wallet within
   * FUNDING_WINDOW_MS before their first buy. Their trades count as the creator's. null when
   * not computed (the holders could not be read).
   */
  funded: FundedWallets | null;
};

export type FundedWallets = {
  wallets: string[];
  boughtTokens: bigint;
  /** What they sold on the curve, each wallet's counted up to what it bought (tokens the creator moved to it show as moves). */
  soldTokens: bigint;
  lastSellAt: Date | null;
};

export type EarlyBuyer = { wallet: string; boughtTokens: bigint; tokensNow: bigint };

export type EarlyBuyerFacts = {
  /** The slot the mint was created in. */
  launchSlot: bigint;
  /** Buys in launchSlot .. launchSlot + slotsAfter count as early. */
  slotsAfter: number;
  /** The creator left out: their initial buy is reported with their trades. */
  wallets: EarlyBuyer[];
  tokensNow: bigint;
};

/**
 * Wallets among the largest holders and the largest buyers whose first SOL came from one wallet
 * (not a platform key) within the 24 hours before their first buy: likely one person's wallets.
 */
export type FundingCluster = {
  funder: string;
  /** The funder is the campaign's creator. */
  fundedByCreator: boolean;
  wallets: string[];
  tokensNow: bigint;
  /** What the wallets bought on the curve, and sold (each wallet's counted up to what it bought). */
  boughtTokens: bigint;
  soldTokens: bigint;
};

export type DonationWalletKind = 'verified_charity' | 'creator_wallet' | 'proven' | 'unproven' | 'none';

/** revoked: an approved request whose campaign an admin has since un-verified. */
export type CampaignVerification = 'verified' | 'pending' | 'rejected' | 'revoked' | 'not_requested';

/**
 * Who proved control of the donation wallet, and how: the wallet itself signed Causemint's
 * consent message (donation_wallet_proofs), answering a confirmation request the creator asked for.
 */
export type WalletProof = { signer: string; provedAt: Date; flow: 'confirmation_request' };

export type CauseFacts = {
  donationWallet: string | null;
  kind: DonationWalletKind;
  charityName: string | null;
  /** The signed consent behind kind 'proven' (null otherwise). */
  proof: WalletProof | null;
  /** The wallet's oldest transaction we could see; null when it has none (a brand new address). */
  firstSeenAt: Date | null;
  /** False when the wallet has so many transactions that firstSeenAt is only a lower bound of its age. */
  firstSeenExact: boolean;
  payouts: { count: number; lamports: bigint; lastAt: Date | null };
  verification: CampaignVerification;
};

export type PastCampaign = {
  tokenAddress: string;
  name: string;
  ticker: string;
  raisedLamports: bigint;
  graduated: boolean;
  createdAt: Date;
  /** The creator sold more than half of what they bought within a day of launch. */
  soldMostWithinDay: boolean;
};

export type CreatorHistoryFacts = {
  /** How many other campaigns the creator launched. */
  count: number;
  /** The newest of them (at most 20). */
  campaigns: PastCampaign[];
  raisedLamports: bigint;
  graduated: number;
  soldMostWithinDay: number;
};

export type TrustFacts = {
  tokenAddress: string;
  asOf: Date;
  authorities: AuthorityFacts | null;
  holders: HolderFacts | null;
  creatorTrades: CreatorTradeFacts;
  earlyBuyers: EarlyBuyerFacts | null;
  /** Clusters of 2 wallets or more, largest first; null when the holders could not be read. */
  fundingClusters: FundingCluster[] | null;
  /** Tokens bought on the curve by everyone so far (the launch's initial buy included): what a cluster's buys are a share of. */
  curveBoughtTokens: bigint;
  cause: CauseFacts;
  creatorHistory: CreatorHistoryFacts;
};
