import { describe, expect, it } from 'vitest';
import { custodyStatements } from './custody';
import type { AuthorityFacts } from './facts';

const revoked: AuthorityFacts = {
  mintAuthority: null, freezeAuthority: null, feeConfigAuthority: null, withdrawWithheldAuthority: 'Dist', metadataUpdateAuthority: 'Treasury',
  distributorWallet: 'Dist', poolWallet: 'Pool', metadataAuthorityIsPlatform: true, transferFeeBps: 600,
};

describe('custodyStatements', () => {
  it('names whoever still holds an authority, and says what it lets them do', () => {
    const statements = custodyStatements({
      ...revoked, mintAuthority: 'M', freezeAuthority: 'F', feeConfigAuthority: 'C', withdrawWithheldAuthority: 'W', metadataUpdateAuthority: 'U',
      metadataAuthorityIsPlatform: false, transferFeeBps: 1000,
    });
    expect(statements.slice(0, 5)).toEqual([
      'The wallet M can create more tokens.',
      'The wallet F can freeze holders\' tokens.',
      'The wallet C can change the 10% trade tax.',
      'The wallet W can collect the 10% trade tax.',
      'The wallet U can change the token\'s name, symbol and image link.',
    ]);
  });

  it('says nobody where an authority is revoked', () => {
    const statements = custodyStatements({ ...revoked, withdrawWithheldAuthority: null, metadataUpdateAuthority: null, metadataAuthorityIsPlatform: false, transferFeeBps: null });
    expect(statements.slice(2, 5)).toEqual([
      'Nobody can change the trade tax.', 'Nobody can collect the trade tax.', 'Nobody can change the token\'s name, symbol or image.',
    ]);
  });

  it('a withdraw authority other than the distributor is named, not trusted', () => {
    expect(custodyStatements({ ...revoked, distributorWallet: null })[3]).toBe('The wallet Dist can collect the 6% trade tax.');
  });

  it('on a campaign\'s own DBC pool says no platform key holds the money, and where the locked liquidity is once graduated', () => {
    const dbc: AuthorityFacts = { ...revoked, withdrawWithheldAuthority: null, transferFeeBps: null, poolProgram: 'dbc', poolWallet: 'DbcPool', dammPool: null };
    const bonding = custodyStatements(dbc);
    expect(bonding[2]).toBe('The token has no tax. The pool takes 6% of each trade in SOL, fixed in its configuration: nobody can change it.');
    expect(bonding[3]).toContain('4.8% of each trade');
    expect(bonding[5]).toBe('The curve is a Meteora Dynamic Bonding Curve pool (DbcPool): no platform key can move its SOL or tokens, and anyone can trade it with their own wallet. '
      + 'When it completes, it moves into a DAMM v2 pool with all of its liquidity permanently locked.');
    expect(bonding.join(' ')).not.toContain('platform key:');
    expect(custodyStatements({ ...dbc, dammPool: 'Damm' })[5]).toBe('The curve has graduated: all of its liquidity sits in the DAMM v2 pool Damm, permanently locked. '
      + 'Nobody, the platform included, can withdraw it; anyone can trade it with their own wallet.');
  });
});
