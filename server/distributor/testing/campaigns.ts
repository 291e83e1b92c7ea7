// Campaigns for the distributor tests: launched through the real launch flow (so the
// distributor wallet is the launch's platform key and the withdraw-withheld authority),
// then traded through the quote book as any wallet trades.

import { Keypair, LAMPORTS_PER_SOL, PublicKey } from '@solana/web3.js';
import type { FastifyInstance } from 'fastify';
import { tokenAccountOf } from '../../chain/curve';
import type { Services } from '../../services';
import { chainHoldings } from '../../trading';
import { signFast } from '../../trading/testing/market';
import { airdrop, create, createBody, fund, prepare, signedInCreator } from '../../launch/testing/launchFlow';

export const SOL = BigInt(LAMPORTS_PER_SOL);

export type LaunchedCampaign = Awaited<ReturnType<typeof launchCampaign>>;

export async function launchCampaign(app: FastifyInstance, services: Services, options: { curveType?: 1 | 2; ticker?: string; name?: string; initialBuy?: string } = {}) {
  const creator = await signedInCreator(app, services, 5);
  const initialBuy = options.initialBuy ?? '0.2';
  const prepared = await prepare(app, creator, initialBuy);
  await fund(services, creator.keypair, prepared.funding_wallet, BigInt(prepared.amount_to_fund_lamports));
  const donationWallet = Keypair.generate().publicKey;
  const res = await create(app, creator, createBody(creator, prepared.request_id, {
    initialBuy, donationWallet: donationWallet.toBase58(), bondingCurveType: options.curveType ?? 1, ticker: options.ticker ?? 'dist',
    ...(options.name ? { name: options.name } : {}),
  }));
  if (res.statusCode !== 200) throw new Error(`launch: ${res.statusCode} ${res.body}`);
  const mint = prepared.token_address;
  const distributor = new PublicKey(prepared.distribution_wallet);
  return {
    creator: creator.keypair, mint, donationWallet, distributor, pool: new PublicKey(prepared.bonding_curve),
    distributorTokenAccount: tokenAccountOf(new PublicKey(mint), distributor),
    async trader(sol: number): Promise<Keypair> {
      const trader = Keypair.generate();
      await airdrop(services, trader.publicKey, sol);
      return trader;
    },
    async buy(trader: Keypair, lamports: bigint) {
      const quote = await services.trading.book.buildBuyQuote({ mint, trader: trader.publicKey.toBase58(), solIn: lamports, slippageBps: 10_000 });
      return services.trading.book.execute(signFast(quote.transactionBase64, trader));
    },
    async sell(trader: Keypair, tokens: bigint) {
      const quote = await services.trading.book.buildSellQuote({ mint, trader: trader.publicKey.toBase58(), tokens, slippageBps: 10_000 });
      return services.trading.book.execute(signFast(quote.transactionBase64, trader));
    },
    tokens: async (owner: PublicKey) => (await chainHoldings(services.chain)(owner.toBase58(), mint)).tokens,
  };
}

export function lamportsOf(services: Services, address: PublicKey): bigint {
  return services.chain.ledger!.getAccount(address.toBase58())?.lamports ?? 0n;
}
