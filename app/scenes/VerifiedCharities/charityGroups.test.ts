import { describe, expect, it } from 'vitest';
import type { PublicCharity } from '../../api/charities';
import { ALL_CATEGORIES, filterCharities, groupByCategory } from './charityGroups';

const charity = (id: number, name: string, category: string, extra: Partial<PublicCharity> = {}): PublicCharity => ({
  id, name, category, website: `${name.toLowerCase()}.example`, website_url: null, wallet_address: `Wallet${id}`, logo: null,
  description: null, display_order: id, paid_lamports: '0', paid_sol: '0', paying_campaigns: 0, ...extra,
});

const list = [
  charity(1, 'Alpha', 'Animal Welfare'),
  charity(2, 'Bravo', 'Basic Needs', { description: 'Warm meals' }),
  charity(3, 'Charlie', 'Basic Needs'),
  charity(4, 'Delta', 'Child Protection'),
];

describe('the verified charities page', () => {
  it('groups by category, largest first, ties in the fixed list order, display order inside', () => {
    expect(groupByCategory(list).map((g) => [g.category, g.charities.map((c) => c.id)])).toEqual([
      ['Basic Needs', [2, 3]], ['Child Protection', [4]], ['Animal Welfare', [1]],
    ]);
  });

  it('searches name, category, description and wallet case-insensitively, within the chosen tab', () => {
    expect(filterCharities(list, 'warm', ALL_CATEGORIES).map((c) => c.id)).toEqual([2]);
    expect(filterCharities(list, 'BASIC', ALL_CATEGORIES).map((c) => c.id)).toEqual([2, 3]);
    expect(filterCharities(list, 'wallet4', ALL_CATEGORIES).map((c) => c.id)).toEqual([4]);
    expect(filterCharities(list, '', 'Animal Welfare').map((c) => c.id)).toEqual([1]);
    expect(filterCharities(list, 'alpha', 'Basic Needs')).toEqual([]);
  });
});
