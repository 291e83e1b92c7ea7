import { holderShare } from '../../core/holders';
import { lamportsToSolString } from '../../core/money';
import { custodyStatements, percentOf, walletProofSentence, type TradeTotals } from '../../core/trust';
import type { TrustAnswer } from '../trust';

const sol = (lamports: bigint) => ({ lamports: lamports.toString(), sol: lamportsToSolString(lamports) });
const time = (at: Date | null) => at?.toISOString() ?? null;
const totals = (t: TradeTotals) => ({ count: t.count, tokens: t.tokens.toString(), ...sol(t.lamports) });

/**
 * GET /api/campaigns/{tokenAddress}/trust: token amounts in base units and lamports as
 * decimal strings (SOL beside them), shares as percents of the circulating supply with two
 * decimals (core/holders.ts holderShare: '<0.01' for a crumb, null when nothing circulates),
 * times as ISO strings; null where a fact is unknown or not computed yet (fundingClusters,
 * creatorTrades.transferredOutTokens). `flags` carry `since` when remembered; `verdict` is the
 * headline when there are none.
 */
export function presentTrust({ facts, flags, verdict }: TrustAnswer) {
  const { authorities: a, holders: h, creatorTrades: c, earlyBuyers: e, cause, creatorHistory: history } = facts;
  const circulating = h?.circulatingTokens ?? 0n;
  const share = (tokens: bigint) => holderShare(tokens, circulating);
  return {
    tokenAddress: facts.tokenAddress,
    asOf: facts.asOf.toISOString(),
    flags,
    verdict,
    authorities: a && {
      mintAuthority: a.mintAuthority,
      freezeAuthority: a.freezeAuthority,
      feeConfigAuthority: a.feeConfigAuthority,
      withdrawWithheldAuthority: a.withdrawWithheldAuthority,
      metadataUpdateAuthority: a.metadataUpdateAuthority,
      metadataAuthorityIsPlatform: a.metadataAuthorityIsPlatform,
      distributorWallet: a.distributorWallet,
      poolWallet: a.poolWallet,
      transferFeeBps: a.transferFeeBps,
      statements: custodyStatements(a),
    },
    holders: h && {
      circulatingTokens: h.circulatingTokens.toString(),
      holderCount: h.holderCount,
      top10: { tokens: h.top10Tokens.toString(), percent: share(h.top10Tokens) },
      creator: { tokens: h.creatorTokens.toString(), percent: share(h.creatorTokens) },
      largest: h.largest && { wallet: h.largest.wallet, tokens: h.largest.tokens.toString(), percent: share(h.largest.tokens) },
      // Platform keys' balances are not part of the circulating supply: no share for them.
      top: h.top.map((x) => ({ wallet: x.wallet, tokens: x.tokens.toString(), percent: x.label === null || x.label === 'creator' ? share(x.tokens) : null, label: x.label })),
    },
    creatorTrades: {
      wallet: c.creatorWallet,
      initialBuy: c.initialBuy && { tokens: c.initialBuy.tokens.toString(), ...sol(c.initialBuy.lamports), signature: c.initialBuy.signature, time: c.initialBuy.at.toISOString() },
      buys: totals(c.buys),
      sells: totals(c.sells),
      boughtTokens: c.boughtTokens.toString(),
      soldPercentOfBought: percentOf(c.sells.tokens, c.boughtTokens),
      lastSellAt: time(c.lastSellAt),
      transferredOutTokens: c.transferredOutTokens?.toString() ?? null,
      transferredInTokens: c.transferredInTokens?.toString() ?? null,
      transfersExact: c.transfersExact,
      // Buyers the creator funded: their trades count as the creator's.
      funded: c.funded && {
        wallets: c.funded.wallets, boughtTokens: c.funded.boughtTokens.toString(), soldTokens: c.funded.soldTokens.toString(),
        lastSellAt: time(c.funded.lastSellAt),
      },
    },
    earlyBuyers: e && {
      launchSlot: e.launchSlot.toString(),
      slotsAfter: e.slotsAfter,
      count: e.wallets.length,
      tokensNow: e.tokensNow.toString(),
      percent: share(e.tokensNow),
      wallets: e.wallets.map((w) => ({ wallet: w.wallet, boughtTokens: w.boughtTokens.toString(), tokensNow: w.tokensNow.toString(), percent: share(w.tokensNow) })),
    },
    fundingClusters: facts.fundingClusters && facts.fundingClusters.map((cl) => ({
      funder: cl.funder, fundedByCreator: cl.fundedByCreator, wallets: cl.wallets, tokensNow: cl.tokensNow.toString(), percent: share(cl.tokensNow),
      boughtTokens: cl.boughtTokens.toString(), soldTokens: cl.soldTokens.toString(), soldPercentOfBought: percentOf(cl.soldTokens, cl.boughtTokens),
    })),
    curveBoughtTokens: facts.curveBoughtTokens.toString(),
    cause: {
      donationWallet: cause.donationWallet,
      kind: cause.kind,
      charityName: cause.charityName,
      // Who signed the consent that proves the wallet (kind 'proven'), in the receipt's words beside it.
      proof: cause.proof && {
        signer: cause.proof.signer, provedAt: cause.proof.provedAt.toISOString(), flow: cause.proof.flow, sentence: walletProofSentence(cause.proof),
      },
      firstSeenAt: time(cause.firstSeenAt),
      firstSeenExact: cause.firstSeenExact,
      payouts: { count: cause.payouts.count, ...sol(cause.payouts.lamports), lastAt: time(cause.payouts.lastAt) },
      verification: cause.verification,
      // "Where the money went": the proof of funds these payouts are summed from.
      proofUrl: `/api/campaigns/${facts.tokenAddress}/proof`,
    },
    creatorHistory: {
      count: history.count,
      ...sol(history.raisedLamports),
      graduated: history.graduated,
      soldMostWithinDay: history.soldMostWithinDay,
      campaigns: history.campaigns.map((p) => ({
        tokenAddress: p.tokenAddress, name: p.name, ticker: p.ticker, ...sol(p.raisedLamports), graduated: p.graduated,
        createdAt: p.createdAt.toISOString(), soldMostWithinDay: p.soldMostWithinDay,
      })),
    },
  };
}

export type TrustResponse = ReturnType<typeof presentTrust>;
