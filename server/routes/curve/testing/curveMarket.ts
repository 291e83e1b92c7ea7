// A campaign on its own DBC pool on the product's ledger, for the trading route tests: launched
// the way a creator launches one, then traded through HTTP (curveHttp.ts) or any client.

import { Keypair, LAMPORTS_PER_SOL, PublicKey } from '@solana/web3.js';
import type { BondingCurveType } from '../../../../core/enums';
import { chainHoldings } from '../../../chain/holdings';
import { launchDbcCampaign } from '../../../curve/testing/dbcCampaign';
import { insertDbcPoolRow, launchDbcPool } from '../../../curve/testing/dbcPool';
import type { Services } from '../../../services';

const SOL = BigInt(LAMPORTS_PER_SOL);

export type CurveMarket = Awaited<ReturnType<typeof launchCurveMarket>>;

export async function launchCurveMarket(services: Services, options: {
  curveType?: BondingCurveType; ticker?: string; withCampaign?: boolean;
} = {}) {
  const ledger = services.chain.ledger;
  if (!ledger) throw new Error('launchCurveMarket needs the local ledger');
  const ticker = options.ticker ?? 'SEED';
  let mint: string; let pool: string; let campaignId: number | null = null;
  if (options.withCampaign === false) {
    const launched = await launchDbcPool(services, { curveType: options.curveType ?? 1, initialBuyLamports: 0n });
    await insertDbcPoolRow(services, launched);
    ({ mint, pool } = launched);
  } else {
    const launched = await launchDbcCampaign(services, { form: { name: `Seeds ${ticker}`, ticker, bondingCurveType: options.curveType ?? 1 } });
    ({ mint, campaignId } = launched);
    pool = launched.pool;
  }
  const holdings = chainHoldings(services.chain);
  const lamports = (of: PublicKey) => ledger.getAccount(of.toBase58())?.lamports ?? 0n;
  return {
    mint, mintKey: new PublicKey(mint), pool: new PublicKey(pool), campaignId,
    async trader(sol = 10n): Promise<Keypair> {
      const trader = Keypair.generate();
      const outcome = await ledger.airdrop(trader.publicKey.toBase58(), sol * SOL);
      if (outcome.kind !== 'landed') throw new Error(`airdrop failed: ${JSON.stringify(outcome)}`);
      return trader;
    },
    lamports,
    tokenBalance: async (owner: PublicKey) => (await holdings(owner.toBase58(), mint)).tokens,
  };
}
