// Netting across transactions (issue 34): a gift counts only for what survives netting
// against the SOL the donation wallet itself put into the sender shortly before, directly
// or through one wallet it funded. Pure: the indexer reads the chain, this decides.

/** How far back the donation wallet's own SOL is looked for, before each gift: 30 days. */
export const NETTING_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * One page of getSignaturesForAddress. A sender with more transactions than this in the
 * window before its gift cannot be traced within a donation's read budget; a funded wallet
 * with more is a service (an exchange, a wallet app's hot wallet) whose SOL is not traced.
 */
export const HISTORY_CHECK_LIMIT = 1000;

/** Of the wallets the donation wallet funded in the two windows before a gift, the largest this many are traced as hops. */
export const FUNDED_WALLETS_TRACED = 50;

export const CREDIT_KINDS = ['round_trip', 'hop'] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];

/**
 * SOL the donation wallet put into the sender: `round_trip` its own transfer to the sender
 * (`key` that transaction's signature), `hop` a transfer from a wallet it had funded (`key`
 * that transaction and the wallet), at most what the donation wallet gave that wallet.
 * `used`: what earlier gifts already netted against it (a credit nets once in all).
 */
export type Credit = { key: string; kind: CreditKind; lamports: bigint; used: bigint; timeMs: number; slot: bigint };

export type CreditUse = { key: string; kind: CreditKind; lamports: bigint };

export type NettedGift = {
  /** What counts: raised, backers and receipts use only this. */
  counted: bigint;
  /** Netted against the donation wallet's own transfers to the sender. */
  roundTrip: bigint;
  /** Netted against transfers to the sender from wallets the donation wallet had funded. */
  hop: bigint;
  /** Left uncounted because the sender's history was too busy to trace. */
  unchecked: bigint;
  /** What this gift took from each credit, to be stored with it. */
  uses: CreditUse[];
};

/** A credit nets gifts made after it, within the window. */
export function creditOpen(credit: { timeMs: number }, giftTimeMs: number): boolean {
  return credit.timeMs <= giftTimeMs && giftTimeMs - credit.timeMs <= NETTING_WINDOW_MS;
}

/**
 * What the donation wallet gave a funded wallet in the window before that wallet passed SOL
 * on (at `at`, the passing transaction's time and slot): the most a hop credit can be.
 */
export function fundedBefore(outflows: readonly { lamports: bigint; timeMs: number; slot: bigint }[], at: { timeMs: number; slot: bigint }): bigint {
  let sum = 0n;
  for (const o of outflows) if (o.slot <= at.slot && creditOpen(o, at.timeMs)) sum += o.lamports;
  return sum;
}

/** A hop credit: what the funded wallet passed on to the sender, at most what the donation wallet gave it. */
export function hopCreditLamports(passedOn: bigint, funded: bigint): bigint {
  if (passedOn <= 0n || funded <= 0n) return 0n;
  return passedOn < funded ? passedOn : funded;
}

/**
 * Nets one gift (`lamports`, its share of the transaction's gain) against the open credits,
 * oldest first (the first to expire is the first used), each for what earlier gifts left of
 * it. `traced` false: the sender's history was too busy to look for hops, so whatever the
 * donation wallet's own transfers do not net is left uncounted rather than counted unchecked.
 */
export function netGift(gift: { lamports: bigint; timeMs: number }, credits: readonly Credit[], { traced }: { traced: boolean }): NettedGift {
  if (gift.lamports < 0n) throw new RangeError('a gift cannot be negative');
  const open = credits.filter((c) => creditOpen(c, gift.timeMs) && c.lamports > c.used)
    .sort((a, b) => (a.timeMs - b.timeMs) || (a.slot === b.slot ? (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) : a.slot < b.slot ? -1 : 1));
  const netted: NettedGift = { counted: 0n, roundTrip: 0n, hop: 0n, unchecked: 0n, uses: [] };
  let left = gift.lamports;
  for (const credit of open) {
    if (left === 0n) break;
    const remaining = credit.lamports - credit.used;
    const take = remaining < left ? remaining : left;
    left -= take;
    if (credit.kind === 'round_trip') netted.roundTrip += take;
    else netted.hop += take;
    netted.uses.push({ key: credit.key, kind: credit.kind, lamports: take });
  }
  if (traced) netted.counted = left;
  else netted.unchecked = left;
  return netted;
}
