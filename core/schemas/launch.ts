// The launch service's shapes for a campaign on its own DBC pool (issue 36), shared by the
// server's /api/revshare routes and the Start Campaign page: prepare reserves the request,
// create answers the one transaction to sign, complete relays it and answers the launch.

import { z } from 'zod';

export const CURVE_PROGRAMS = ['custodial', 'dbc'] as const;

export const LAUNCH_COMPLETE_MESSAGES = {
  requestId: 'request_id is required',
  signedTransaction: 'signedTransaction is required',
  notBase64: 'signedTransaction must be a base64 transaction',
} as const;
const M = LAUNCH_COMPLETE_MESSAGES;

/** A signed legacy transaction is at most 1,232 bytes: 1,644 base64 characters. */
const MAX_TRANSACTION_BASE64 = 1644;

/** POST /api/revshare/complete. */
export const completeLaunchSchema = z.object({
  request_id: z.string({ error: M.requestId }).trim().min(1, M.requestId).max(100),
  signedTransaction: z.string({ error: M.signedTransaction }).trim().min(1, M.signedTransaction)
    .max(MAX_TRANSACTION_BASE64, M.notBase64).regex(/^[A-Za-z0-9+/]+={0,2}$/, M.notBase64),
});
export type CompleteLaunchBody = z.output<typeof completeLaunchSchema>;

/** GET /api/revshare/prepare on DBC: no funding wallet; the creator's wallet pays the launch transaction itself. */
export type DbcPrepareResult = {
  program: 'dbc';
  request_id: string;
  distribution_wallet: string;
  distributor_wallet: string;
  /** SOL: the creation fee plus the initial buy. The accounts' rent and the network fee come on top (network_cost_estimate). */
  amount_to_fund: number;
  amount_to_fund_lamports: string;
  creation_fee_lamports: string;
  initial_buy_lamports: string;
  /** At most this much rent and network fee on top of amount_to_fund (create names the exact figure; the wallet shows it). */
  network_cost_estimate: number;
  network_cost_estimate_lamports: string;
  token_address: string;
  predicted_address: string;
};

/** POST /api/revshare/create on DBC: the launch transaction, signed by the platform's keys, for the creator's wallet to sign last. */
export type DbcSignRequest = {
  status: 'sign';
  requestId: string;
  transactionBase64: string;
  mintAddress: string;
  pool: string;
  distributionWallet: string;
  /** Token base units the initial buy gets (after the 6% fee), and the least the transaction accepts. */
  expectedTokens: string;
  minimumTokens: string;
  creationFeeLamports: string;
  initialBuyLamports: string;
  /** The new accounts' rent and the signature fees, exact for this transaction. */
  networkCostLamports: string;
  /** Everything the transaction takes from the creator's wallet. */
  totalLamports: string;
  /** About when the transaction's blockhash runs out: sign and complete before, or create again. */
  expiresAt: string;
};
