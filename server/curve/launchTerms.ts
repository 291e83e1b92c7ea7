// What the launch API promises and refuses (/api/revshare prepare and create).

export const LAUNCH_MESSAGES = {
  unknownRequest: 'Unknown request_id',
  notYours: 'developerWallet must be the signed-in wallet',
  failed: 'Failed to create token',
  tooManyOpen: 'Too many unfinished launch requests: finish one, or wait an hour for them to expire',
  /** Spec 1 section 8: the token and its curve could not be made. */
  bondingToken: 'Failed to create bonding token',
} as const;

// A creator retrying a launch needs a few open requests; each holds its own keys until it expires.
export const MAX_OPEN_PREPARED_PER_WALLET = 10;

/** A prepared launch nobody completed: it expires after this long (or completes, if its transaction landed anyway). */
export const ABANDONED_AFTER_MS = 60 * 60_000;

export type CreateResult = {
  mintAddress: string;
  txSignature: string;
  bondingCurve: string;
  pool: string;
  distributionWallet: string;
  requestId: string;
  campaignId: number;
  /** Base units the creator received from the initial buy, '0' without one. */
  initialBuyTokens: string;
};
