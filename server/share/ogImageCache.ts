import type { Env } from '../env';
import type { CampaignRow } from '../presenters/campaign';
import { cardInputs, logoDataUrl } from './campaignCard';
import { renderOgImage } from './ogImage';

const MAX_ENTRIES = 500;

/**
 * Rendered sharing cards, one per campaign, kept while the campaign's shown figures stay
 * the same (a trade that moves them renders a new one on the next request). Concurrent
 * requests for the same card share one render.
 */
export class OgImageCache {
  private readonly entries = new Map<string, { key: string; png: Promise<Buffer> }>();

  constructor(private readonly env: Env) {}

  pngFor(row: CampaignRow): Promise<Buffer> {
    const inputs = cardInputs(row, this.env.SOL_USD);
    const key = JSON.stringify(inputs);
    const token = row.tokenAddress ?? `id:${row.id}`;
    const cached = this.entries.get(token);
    if (cached?.key === key) return cached.png;
    const png = logoDataUrl(inputs.imageUrl, this.env).then((logo) => renderOgImage({ ...inputs, logoDataUrl: logo }));
    this.entries.delete(token);
    this.entries.set(token, { key, png });
    // A failed render is not kept: the next request tries again.
    png.catch(() => { if (this.entries.get(token)?.png === png) this.entries.delete(token); });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    return png;
  }
}
