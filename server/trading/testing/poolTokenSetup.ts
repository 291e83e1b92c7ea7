// The transactions that put a campaign token's whole supply in a pool wallet and give
// that wallet its rent reserve: what a curve pool needs on chain before createCurvePool.
// Shared by the test markets on a bare LiteSVM and on the product's ledger.

import { SystemProgram, Transaction, type Keypair, type PublicKey } from '@solana/web3.js';
import { CAMPAIGN_TAX_BPS } from '../../../core/constants';
import { buildCampaignTokenTransactions, signCampaignTokenPlan } from '../../chain/token';
import { POOL_WALLET_RENT_LAMPORTS } from '../pools';

export type PoolTokenSetup = {
  payer: Keypair;
  mint: Keypair;
  pool: PublicKey;
  distributor: PublicKey;
  metadataAuthority: PublicKey;
  name: string;
  symbol: string;
};

/** Signed wire transactions, to be landed in order. */
export function poolTokenSetupTransactions(p: PoolTokenSetup, blockhash: string): Uint8Array[] {
  const plan = buildCampaignTokenTransactions({
    payer: p.payer.publicKey, mint: p.mint.publicKey, pool: p.pool, distributor: p.distributor,
    transferFeeBps: CAMPAIGN_TAX_BPS, transferFeeConfigAuthority: null, metadataUpdateAuthority: p.metadataAuthority,
    name: p.name, symbol: p.symbol, uri: `http://localhost:8787/api/metadata/${p.symbol.toLowerCase()}.json`,
  }, blockhash);
  // The pool wallet keeps its rent reserve; only SOL above it is the curve's.
  const rent = new Transaction({ feePayer: p.payer.publicKey, recentBlockhash: blockhash })
    .add(SystemProgram.transfer({ fromPubkey: p.payer.publicKey, toPubkey: p.pool, lamports: POOL_WALLET_RENT_LAMPORTS }));
  rent.sign(p.payer);
  return [...signCampaignTokenPlan(plan, [p.payer, p.mint]), rent.serialize()];
}
