import { detectFileType, FILE_TYPE_SNIFF_BYTES } from '../../core/fileType';
import { formatMarketCapOrDefault, formatSolAmount } from '../../core/format';
import { holdersText } from '../../core/holders';
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
const PINNED_FETCH_MS = 5000;

export function cardInputs(row: CampaignRow, solUsd: number): CardInputs {
  const progress = row.goalLamports > 0n ? Number((row.raisedLamports * 10_000n) / row.goalLamports) / 10_000 : 0;
  const figures: [string, string] = [
    `Raised ${formatSolAmount(row.raisedLamports, 2)} of ${formatSolAmount(row.goalLamports, 0)} SOL`,
    `Market cap ${formatMarketCapOrDefault(lamportsToUsd(row.marketCapLamports, solUsd))}  ·  ${holdersText(row.holders ?? 0)}`,
  ];
  return { title: row.title ?? row.name, ticker: row.ticker, imageUrl: row.imageUrl, figures, progress };
}

/**
 * The logo as a data: URL when it is one of our uploads in a format the renderer reads:
 * read from the local store, or fetched back from the configured Pinata gateway (the only
 * host storedFileCid accepts besides our own); null otherwise, and the card shows a letter.
 */
export async function logoDataUrl(imageUrl: string | null, env: Env): Promise<string | null> {
  const cid = imageUrl ? storedFileCid(imageUrl, env) : null;
  if (!cid) return null;
  const bytes = env.PINATA_JWT ? await pinnedBytes(cid, env) : await localBytes(cid, env);
  const type = bytes ? detectFileType(bytes.subarray(0, FILE_TYPE_SNIFF_BYTES)) : null;
  if (!bytes || !type || !EMBEDDABLE.has(type.mime)) return null;
  return `data:${type.mime};base64,${bytes.toString('base64')}`;
}

async function localBytes(cid: string, env: Env): Promise<Buffer | null> {
  const file = await LocalStore.forDataDir(env.dataDir).get(cid);
  if (!file || file.size > LOGO_MAX_BYTES) return null;
  const { readFile } = await import('node:fs/promises');
  return readFile(file.path);
}

/** The pinned file from the gateway, within a time and size budget: a slow or huge file is no logo. */
async function pinnedBytes(cid: string, env: Env): Promise<Buffer | null> {
  try {
    const res = await fetch(`${env.PINATA_GATEWAY.replace(/\/$/, '')}/ipfs/${cid}`, { signal: AbortSignal.timeout(PINNED_FETCH_MS), redirect: 'error' });
    if (!res.ok || !res.body || Number(res.headers.get('content-length') ?? 0) > LOGO_MAX_BYTES) return null;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > LOGO_MAX_BYTES) return null;
      chunks.push(Buffer.from(chunk));
    }
    return Buffer.concat(chunks);
  } catch {
    return null;
  }
}
