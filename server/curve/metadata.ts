import type { LaunchForm } from '../db/schema';

/** The token's metadata uri, known at prepare (from the predicted mint address) and written into the mint. */
export { metadataUriOf as metadataUri } from '../../core/dbcLaunch';

/** Where the campaign page of a token lives (the website when the creator gave none, as the spec says). */
export function campaignPageUrl(publicUrl: string, mint: string): string {
  return `${publicUrl}/campaign/${mint}`;
}

/** Uploaded files are stored as /ipfs/{cid} paths; wallets and explorers need absolute URLs. */
export function absoluteUrl(publicUrl: string, url: string): string {
  return url.startsWith('/') ? `${publicUrl}${url}` : url;
}

const twitterUrl = (value: string) => (/^(https?:\/\/|(www\.|mobile\.)?(twitter|x)\.com\/)/i.test(value)
  ? (/^https?:\/\//i.test(value) ? value : `https://${value}`)
  : `https://x.com/${value.replace(/^@/, '')}`);
const telegramUrl = (value: string) => (/^(https?:\/\/|(www\.)?(t|telegram)\.(me|dog)\/)/i.test(value)
  ? (/^https?:\/\//i.test(value) ? value : `https://${value}`)
  : `https://t.me/${value.replace(/^@/, '')}`);
const websiteUrl = (value: string) => (/^https?:\/\//i.test(value) ? value : `https://${value}`);

/** Metaplex-style token JSON (what wallets and explorers read from the uri). */
export function tokenMetadataJson(publicUrl: string, mint: string, form: Pick<LaunchForm,
  'name' | 'ticker' | 'description' | 'imageUrl' | 'website' | 'twitter' | 'telegram' | 'category'>) {
  const image = absoluteUrl(publicUrl, form.imageUrl);
  const socials = {
    website: form.website ? websiteUrl(form.website) : campaignPageUrl(publicUrl, mint),
    twitter: form.twitter ? twitterUrl(form.twitter) : null,
    telegram: form.telegram ? telegramUrl(form.telegram) : null,
  };
  return {
    name: form.name,
    symbol: form.ticker.toUpperCase(),
    description: form.description,
    image,
    external_url: campaignPageUrl(publicUrl, mint),
    attributes: [{ trait_type: 'category', value: form.category }],
    properties: { category: 'image', files: [{ uri: image, type: imageType(form.imageUrl) }] },
    socials,
    // The fields DEX and wallet sites read for links.
    extensions: Object.fromEntries(Object.entries(socials).filter(([, v]) => v !== null)),
  };
}

function imageType(url: string): string {
  const ext = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(url)?.[1]?.toLowerCase();
  return ext === 'png' ? 'image/png' : ext === 'gif' ? 'image/gif' : ext === 'jpg' || ext === 'jpeg' ? 'image/jpeg' : 'image/*';
}
