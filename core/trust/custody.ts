// What the platform and anyone else can and cannot do with a campaign token, in words,
// from the mint's authorities (the panel's "Authorities and custody" card says these).

import { PLATFORM_FEE_PERCENT_OF_REWARDS } from '../constants';
import { causeBpsOfTrade, DBC_TRADE_FEE_BPS } from '../curve/dbc';
import type { AuthorityFacts } from './facts';

const percent = (bps: number) => `${bps / 100}%`;

export function custodyStatements(a: AuthorityFacts): string[] {
  if (a.poolProgram === 'dbc') return dbcCustodyStatements(a);
  const tax = a.transferFeeBps === null ? 'trade tax' : `${percent(a.transferFeeBps)} trade tax`;
  return [
    a.mintAuthority ? `The wallet ${a.mintAuthority} can create more tokens.` : 'Nobody can create more tokens: the supply is fixed for ever.',
    a.freezeAuthority ? `The wallet ${a.freezeAuthority} can freeze holders' tokens.` : 'Nobody can freeze or take anyone\'s tokens: only a holder can move their own.',
    a.feeConfigAuthority ? `The wallet ${a.feeConfigAuthority} can change the ${tax}.` : `Nobody can change the ${tax}.`,
    a.withdrawWithheldAuthority !== null && a.withdrawWithheldAuthority === a.distributorWallet
      ? `Only this campaign's distributor wallet can collect the ${tax}; the platform's distributor sells it and pays ${100 - PLATFORM_FEE_PERCENT_OF_REWARDS}% of the SOL to the donation wallet and ${PLATFORM_FEE_PERCENT_OF_REWARDS}% to the platform.`
      : a.withdrawWithheldAuthority ? `The wallet ${a.withdrawWithheldAuthority} can collect the ${tax}.` : `Nobody can collect the ${tax}.`,
    a.metadataUpdateAuthority === null ? 'Nobody can change the token\'s name, symbol or image.'
      : a.metadataAuthorityIsPlatform ? 'The platform can change the token\'s name, symbol and image link, nothing else.'
        : `The wallet ${a.metadataUpdateAuthority} can change the token's name, symbol and image link.`,
    'The curve\'s pool wallet is a platform key: it holds the SOL paid into the curve and the tokens not yet sold, and the server signs with it only trades at the curve\'s quoted price. Whoever runs the platform holds that key.',
  ];
}

/** A campaign on its own Meteora DBC pool (issue 36): the pool's programs, not a platform key, hold the money. */
function dbcCustodyStatements(a: AuthorityFacts): string[] {
  return [
    a.mintAuthority ? `The wallet ${a.mintAuthority} can create more tokens.` : 'Nobody can create more tokens: the supply is fixed for ever.',
    a.freezeAuthority ? `The wallet ${a.freezeAuthority} can freeze holders' tokens.` : 'Nobody can freeze or take anyone\'s tokens: only a holder can move their own.',
    `The token has no tax. The pool takes ${percent(DBC_TRADE_FEE_BPS)} of each trade in SOL, fixed in its configuration: nobody can change it.`,
    `Only this campaign's fee claimer key can claim the cause's share of that fee (${percent(causeBpsOfTrade(0))} of each trade; Meteora's program keeps the rest); the platform's distributor claims it straight to the donation wallet. The key can do nothing else with the pool.`,
    a.metadataUpdateAuthority === null ? 'Nobody can change the token\'s name, symbol or image.'
      : a.metadataAuthorityIsPlatform ? 'The platform can change the token\'s name, symbol and image link, nothing else.'
        : `The wallet ${a.metadataUpdateAuthority} can change the token's name, symbol and image link.`,
    a.dammPool
      ? `The curve has graduated: all of its liquidity sits in the DAMM v2 pool ${a.dammPool}, permanently locked. Nobody, the platform included, can withdraw it; anyone can trade it with their own wallet.`
      : `The curve is a Meteora Dynamic Bonding Curve pool${a.poolWallet ? ` (${a.poolWallet})` : ''}: no platform key can move its SOL or tokens, and anyone can trade it with their own wallet. When it completes, it moves into a DAMM v2 pool with all of its liquidity permanently locked.`,
  ];
}
