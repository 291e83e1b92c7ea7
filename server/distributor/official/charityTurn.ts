export type CharityInOrder = { name: string; wallet: string; active: boolean };

/**
 * Whose turn the charity giveaway is: the next active charity after the one paid last, by
 * display order (`all` in that order, inactive ones included), wrapping to the first. The
 * last one paid may have been deactivated since: the turn still passes to the one after it.
 */
export function charityAfter(all: CharityInOrder[], lastPaidWallet: string | null): CharityInOrder | null {
  const active = all.filter((c) => c.active);
  if (active.length === 0) return null;
  const at = lastPaidWallet ? all.findIndex((c) => c.wallet === lastPaidWallet) : -1;
  return all.slice(at + 1).find((c) => c.active) ?? active[0]!;
}
