// The trust panel in cluster mode: the chain is a second Causemint server running the local
// ledger, reached only over JSON-RPC as a provider would be, so the holders come from
// getProgramAccounts (owner and amount slices), the mint and the wallet's age from RPC reads.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Keypair, LAMPORTS_PER_SOL, PublicKey } from '@solana/web3.js';
import { parseSol } from '../../../core/money';
import { holderShare } from '../../../core/holders';
import type { StartedServer } from '../../../e2e/server';
import { DBC_POOL_AUTHORITY } from '../../chain/ledger/genesis/meteora';
import { insertDbcPoolRow, launchDbcPool } from '../../curve/testing/dbcPool';
import { dbcSell, dbcTrade } from '../../curve/testing/dbcTrade';
import { readVirtualPool } from '../../curve/virtualPool';
import { campaigns, curvePools } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { tradeHooksIdle } from '../../market';
import type { TrustResponse } from '../../presenters/trust';
import { createTestApp, type TestApp } from '../../testing/app';
import { testIp } from '../../testing/wallet';
import { chainHoldings } from '../../chain/holdings';
import { clusterEnv, confirmed, startUpstreamLedger } from '../curve/testing/clusterMarket';

let upstream: StartedServer;
let t: TestApp;

beforeAll(async () => {
  upstream = await startUpstreamLedger();
  t = await createTestApp({ ...clusterEnv(upstream), CURVE_PROGRAM: 'dbc' });
}, 180_000);
afterAll(async () => {
  if (t) {
    await tradeHooksIdle(t.services);
    await t.close();
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await upstream?.stop();
});

describe('GET /api/campaigns/{tokenAddress}/trust on a cluster', () => {
  it('reads holders, authorities, funding and the creator\'s trades through RPC and our indexes, and flags the dump', async () => {
    expect(t.services.chain.ledger).toBeUndefined();
    // A DBC pool on the cluster (its configs created by our partner key, funded from the upstream's faucet over RPC).
    const { connection } = t.services.chain;
    const fund = async (address: string, lamports: bigint) => confirmed(connection, await connection.requestAirdrop(new PublicKey(address), Number(lamports)));
    const trader = async (sol: number) => {
      const wallet = Keypair.generate();
      await fund(wallet.publicKey.toBase58(), BigInt(sol * LAMPORTS_PER_SOL));
      return wallet;
    };
    const launched = await launchDbcPool(t.services, { initialBuyLamports: 0n, fund });
    await insertDbcPoolRow(t.services, launched);
    const m = { mint: launched.mint, pool: launched.pool, distributor: Keypair.generate().publicKey.toBase58() };
    const creator = await trader(5);
    const [row] = await t.services.db.insert(campaigns).values({
      creatorWallet: creator.publicKey.toBase58(), ticker: 'CLTR', name: 'Cluster trust', goalLamports: parseSol('50'),
      tokenAddress: m.mint, poolAddress: m.pool, distributorWallet: m.distributor, donationWallet: creator.publicKey.toBase58(),
    }).returning({ id: campaigns.id });
    await t.services.db.update(curvePools).set({ campaignId: row!.id }).where(eq(curvePools.mint, m.mint));
    const buy = (wallet: Keypair, sol: string) => dbcTrade(t.app, m.mint, wallet, 'buy', sol);
    const holdings = chainHoldings(t.services.chain);

    await buy(creator, '1');
    const buyer = await trader(5);
    await buy(buyer, '0.5');
    const held = (await holdings(creator.publicKey.toBase58(), m.mint)).tokens;
    await dbcSell(t.app, m.mint, creator, held - held / 3n);

    const res = await t.app.inject({ method: 'GET', url: `/api/campaigns/${m.mint}/trust`, remoteAddress: testIp() });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as TrustResponse;
    expect(answer.flags.map((f) => [f.id, f.severity]).filter(([id]) => id !== 'single_holder' && id !== 'creator_share'))
      .toEqual([['creator_sold', 'high'], ['funding_cluster', 'high'], ['donation_wallet_is_creator', 'low']]);

    const creatorNow = (await holdings(creator.publicKey.toBase58(), m.mint)).tokens;
    const buyerNow = (await holdings(buyer.publicKey.toBase58(), m.mint)).tokens;
    // The curve's unsold tokens: in the pool's base vault, owned by Meteora's pool authority.
    const { baseVault } = (await readVirtualPool(connection, new PublicKey(m.pool)))!.poolState;
    const poolNow = BigInt((await connection.getTokenAccountBalance(baseVault, 'confirmed')).value.amount);
    const circulating = creatorNow + buyerNow;
    expect(answer.holders).toEqual({
      circulatingTokens: circulating.toString(), holderCount: 2,
      top10: { tokens: circulating.toString(), percent: '100.00' },
      creator: { tokens: creatorNow.toString(), percent: holderShare(creatorNow, circulating) },
      largest: { wallet: buyer.publicKey.toBase58(), tokens: buyerNow.toString(), percent: holderShare(buyerNow, circulating) },
      top: [
        { wallet: DBC_POOL_AUTHORITY, tokens: poolNow.toString(), percent: null, label: 'pool' },
        ...[
          { wallet: creator.publicKey.toBase58(), tokens: creatorNow.toString(), percent: holderShare(creatorNow, circulating), label: 'creator' },
          { wallet: buyer.publicKey.toBase58(), tokens: buyerNow.toString(), percent: holderShare(buyerNow, circulating), label: null },
        ].sort((a, b) => (BigInt(b.tokens) > BigInt(a.tokens) ? 1 : -1)),
      ],
    });
    // On this cluster (SOLANA_CLUSTER=devnet) the upstream's test faucet is not a known platform address and has
    // few transactions: the two wallets it funded minutes before they bought are one cluster, read through
    // getSignaturesForAddress and getTransaction over HTTP.
    expect(answer.fundingClusters).toHaveLength(1);
    expect(answer.fundingClusters![0]).toMatchObject({ tokensNow: circulating.toString(), percent: '100.00', fundedByCreator: false });
    expect([...answer.fundingClusters![0]!.wallets].sort()).toEqual([creator.publicKey.toBase58(), buyer.publicKey.toBase58()].sort());
    expect(answer.creatorTrades).toMatchObject({
      initialBuy: null, buys: { count: 1, tokens: held.toString() }, sells: { count: 1, tokens: (held - held / 3n).toString() }, soldPercentOfBought: '66.66',
      // The creator's token account's history read over HTTP: their curve trades, nothing moved.
      transferredOutTokens: '0', transferredInTokens: '0', transfersExact: true,
    });
    // A DBC token: no transfer fee, so no fee authorities at all.
    expect(answer.authorities).toMatchObject({ mintAuthority: null, freezeAuthority: null, feeConfigAuthority: null, withdrawWithheldAuthority: null, transferFeeBps: null });
    // No launch record (this token was not launched through the launch flow): no launch slot to count early buyers from.
    expect(answer.earlyBuyers).toBeNull();
    // The creator's own wallet: its first transaction read back through getSignaturesForAddress.
    expect(answer.cause).toMatchObject({ kind: 'creator_wallet', firstSeenExact: true });
    expect(Date.parse(answer.cause.firstSeenAt!)).not.toBeNaN();
  });
});
