import { CHARITY_CATEGORIES } from '../../../core/enums';
import type { PublicCharity } from '../../api/charities';

export const ALL_CATEGORIES = 'All';

export type CharityGroup = { category: string; charities: PublicCharity[] };

const categoryRank = (category: string) => {
  const i = (CHARITY_CATEGORIES as readonly string[]).indexOf(category);
  return i === -1 ? CHARITY_CATEGORIES.length : i;
};

/** Categories largest first (ties in the fixed list's order), each keeping the display order. */
export function groupByCategory(charities: PublicCharity[]): CharityGroup[] {
  const groups = new Map<string, PublicCharity[]>();
  for (const c of charities) groups.set(c.category, [...(groups.get(c.category) ?? []), c]);
  return [...groups].map(([category, list]) => ({ category, charities: list }))
    .sort((a, b) => b.charities.length - a.charities.length || categoryRank(a.category) - categoryRank(b.category));
}

/** The search box (name, category, description, website, wallet; case-insensitive) and the category tab. */
export function filterCharities(charities: PublicCharity[], search: string, category: string): PublicCharity[] {
  const q = search.trim().toLowerCase();
  return charities.filter((c) => (category === ALL_CATEGORIES || c.category === category)
    && (!q || [c.name, c.category, c.description ?? '', c.website ?? '', c.wallet_address].some((field) => field.toLowerCase().includes(q))));
}
