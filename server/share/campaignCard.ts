import { formatMarketCapOrDefault, formatSolAmount } from '../../core/format';
import type { Env } from '../env';
import { lamportsToUsd, type CampaignRow } from '../presenters/campaign';
import { storedFileCid } from '../storage/fileUrl';
import { LocalStore } from '../storage/localStore';
import type { OgCard } from './ogImage';

/** What the sharing card shows of a campaign, without the logo's bytes: equal inputs, equal image. */
export type CardInputs = Omit<OgCard, 'logoDataUrl'> & { imageUrl: string | null };

// Formats every renderer reads; a logo in another format gets the lettered tile.
const EMBEDDABLE = new Set(['image/png', 'image/jpeg', 'image/gif']);
const LOGO_MAX_BYTES = 10 * 1024 * 1024;

export function cardInputs(row: CampaignRow, solUsd: number): CardInputs {
  const progress = row.goalLamports > 0n ? Number((row.raisedLamports * 10_000n) / row.goalLamports) / 10_000 : 0;
  const figures: [string, string] = [
    `Raised ${formatSolAmount(row.raisedLamports, 2)} of ${formatSolAmount(row.goalLamports, 0)} SOL`,
    `Market cap ${formatMarketCapOrDefault(lamportsToUsd(row.marketCapLamports, solUsd))}  ·  ${row.holders ?? 0} holders`,
  ];
  return { title: row.title ?? row.name, ticker: row.ticker, imageUrl: row.imageUrl, figures, progress };
}

/**
 * The logo as a data: URL when it is one of our local uploads in a format the renderer
 * reads; null otherwise (pinned files are not fetched back: the card then shows a letter).
 */
export async function logoDataUrl(imageUrl: string | null, env: Env): Promise<string | null> {
  const cid = imageUrl ? storedFileCid(imageUrl, env) : null;
  if (!cid || env.PINATA_JWT) return null;
  const store = LocalStore.forDataDir(env.dataDir);
  const file = await store.get(cid);
  if (!file || !EMBEDDABLE.has(file.contentType) || file.size > LOGO_MAX_BYTES) return null;
  const { readFile } = await import('node:fs/promises');
  return `data:${file.contentType};base64,${(await readFile(file.path)).toString('base64')}`;
}
