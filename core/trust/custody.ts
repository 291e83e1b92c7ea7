// What the platform and anyone else can and cannot do with a campaign token, in words,
// from the mint's authorities (the panel's "Authorities and custody" card says these).

import { PLATFORM_FEE_PERCENT_OF_REWARDS } from '../constants';
import type { AuthorityFacts } from './facts';

const percent = (bps: number) => `${bps / 100}%`;

export function custodyStatements(a: AuthorityFacts): string[] {
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
