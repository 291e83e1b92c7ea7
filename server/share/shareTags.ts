import { META_DESCRIPTION_MAX, OG_IMAGE } from '../../core/constants';
import type { CampaignRow } from '../presenters/campaign';
import { cutText, escapeMarkup } from './escape';

const SITE_NAME = 'Causemint';

/** The Open Graph and Twitter card tags of a campaign page, every value HTML-escaped. */
export function campaignShareTags(row: CampaignRow, publicUrl: string): string {
  const token = encodeURIComponent(row.tokenAddress ?? '');
  const title = cutText(row.title ?? row.name, 200);
  const description = cutText(row.description || `Support ${title} on ${SITE_NAME}`, META_DESCRIPTION_MAX);
  const image = `${publicUrl}/api/campaigns/${token}/og-image.png`;
  const tags: [string, string, string][] = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', SITE_NAME],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:image', image],
    ['property', 'og:image:width', String(OG_IMAGE.width)],
    ['property', 'og:image:height', String(OG_IMAGE.height)],
    ['property', 'og:url', `${publicUrl}/campaign/${token}`],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', image],
  ];
  return tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeMarkup(value)}" />`).join('\n    ');
}

/** The app's HTML with `tags` at the end of its head (or at the top when it has none). */
export function withHeadTags(html: string, tags: string): string {
  const at = html.search(/<\/head>/i);
  if (at >= 0) return `${html.slice(0, at)}    ${tags}\n  ${html.slice(at)}`;
  return `${tags}\n${html}`;
}
