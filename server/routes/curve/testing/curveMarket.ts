// A campaign token with its curve pool on the product's own ledger (services.chain), for
// the trading route tests and the bench: the real mint builder, key store and pool seed,
// then everything else goes through HTTP. Not the launch flow: that is its own issue.

import { Keypair, LAMPORTS_PER_SOL, PublicKey } from '@solana/web3.js';
import { TOKEN_2022_PROGRAM_ID, getTransferFeeAmount, unpackAccount } from '@solana/spl-token';
import { CAMPAIGN_TAX_BPS } from '../../../../core/constants';
import { poolTokenBalance, type CurveState } from '../../../../core/curve';
import type { BondingCurveType } from '../../../../core/enums';
import { tokenAccountOf } from '../../../chain/curve';
import { campaigns } from '../../../db/schema';
import type { Services } from '../../../services';
import { POOL_WALLET_RENT_LAMPORTS, createCurvePool } from '../../../trading';
import { poolTokenSetupTransactions } from '../../../trading/testing/poolTokenSetup';

const SOL = BigInt(LAMPORTS_PER_SOL);

export type CurveMarket = Awaited<ReturnType<typeof launchCurveMarket>>;

export async function launchCurveMarket(services: Services, options: {
  curveType?: BondingCurveType; ticker?: string; withCampaign?: boolean;
} = {}) {
  const ledger = services.chain.ledger;
  if (!ledger) throw new Error('launchCurveMarket needs the local ledger');
  const landed = async (wire: Uint8Array) => {
    const outcome = await ledger.send(wire, { preflight: true });
    if (outcome.kind !== 'landed' || outcome.record.err) throw new Error(`setup transaction failed: ${JSON.stringify(outcome)}`);
  };
  const fund = async (to: PublicKey, lamports: bigint) => {
    const outcome = await ledger.airdrop(to.toBase58(), lamports);
    if (outcome.kind !== 'landed') throw new Error(`airdrop failed: ${JSON.stringify(outcome)}`);
  };
  const [payer, mint, distributor, platform] = Array.from({ length: 4 }, () => Keypair.generate()) as [Keypair, Keypair, Keypair, Keypair];
  const pool = await services.keys.getOrCreate('pool', mint.publicKey.toBase58());
  await fund(payer.publicKey, 2n * SOL);
  const ticker = options.ticker ?? 'SEED';
  for (const wire of poolTokenSetupTransactions({
    payer, mint, pool: pool.publicKey, distributor: distributor.publicKey, metadataAuthority: platform.publicKey,
    name: `Seeds ${ticker}`, symbol: ticker,
  }, ledger.latestBlockhash.blockhash)) await landed(wire);

  const mintAddress = mint.publicKey.toBase58();
  let campaignId: number | null = null;
  if (options.withCampaign !== false) {
    const [row] = await services.db.insert(campaigns).values({
      creatorWallet: payer.publicKey.toBase58(), ticker, name: `Seeds ${ticker}`, goalLamports: 100n * SOL,
      tokenAddress: mintAddress, poolAddress: pool.publicKey.toBase58(), distributorWallet: distributor.publicKey.toBase58(),
      bondingCurveType: options.curveType ?? 1,
    }).returning({ id: campaigns.id });
    campaignId = row!.id;
  }
  await createCurvePool(services.db, {
    mint: mintAddress, poolWallet: pool.publicKey.toBase58(), curveType: options.curveType ?? 1, transferFeeBps: CAMPAIGN_TAX_BPS, campaignId,
  });

  const tokenAccount = (owner: PublicKey) => {
    const address = tokenAccountOf(mint.publicKey, owner);
    const account = ledger.getAccount(address.toBase58());
    if (!account) return null;
    return unpackAccount(address, {
      data: Buffer.from(account.data), owner: TOKEN_2022_PROGRAM_ID, lamports: Number(account.lamports), executable: false,
    }, TOKEN_2022_PROGRAM_ID);
  };
  const lamports = (of: PublicKey) => ledger.getAccount(of.toBase58())?.lamports ?? 0n;

  return {
    mint: mintAddress, mintKey: mint.publicKey, pool: pool.publicKey, campaignId, distributor,
    async trader(sol = 10n): Promise<Keypair> {
      const trader = Keypair.generate();
      await fund(trader.publicKey, sol * SOL);
      return trader;
    },
    lamports,
    tokenBalance: (owner: PublicKey) => tokenAccount(owner)?.amount ?? 0n,
    /** Withheld by Token-2022 in the owner's account (the 6% tax not yet harvested). */
    withheld(owner: PublicKey): bigint {
      const account = tokenAccount(owner);
      return account ? getTransferFeeAmount(account)?.withheldAmount ?? 0n : 0n;
    },
    /** On chain now: the pool wallet's SOL above its rent, and its token balance. */
    poolHoldings: () => ({ sol: lamports(pool.publicKey) - POOL_WALLET_RENT_LAMPORTS, tokens: tokenAccount(pool.publicKey)?.amount ?? 0n }),
    /** The curve invariant: the pool holds exactly what `state` says. */
    holdsExactly(state: CurveState): boolean {
      const held = this.poolHoldings();
      return held.sol === state.realSolReserves && held.tokens === poolTokenBalance(state);
    },
  };
}
