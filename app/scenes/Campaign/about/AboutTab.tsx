import { Globe, MessageCircle, Send } from 'lucide-react';
import type { CampaignDetail } from '../../../api/campaign';
import { AddPhotos } from '../AddPhotos';
import type { CreatorAccess } from '../creatorAccess';
import { NotPlatformNote } from '../NotPlatformNote';
import { socialUrl } from '../socialLinks';
import { formatDate } from '../../../../core/format';
import { EditHistory } from '../../../components/campaign/EditHistory';
import { Story } from './Story';

/** The story, gallery with captions, video, website (the campaign's own URL when none) and socials, then what the creator edited after launch. */
export function AboutTab({ campaign, access }: { campaign: CampaignDetail; access: CreatorAccess }) {
  // Spec 1: without a website, the campaign's own page stands in.
  const website = campaign.website
    ? (/^https?:\/\//i.test(campaign.website) ? campaign.website : `https://${campaign.website}`)
    : `${window.location.origin}/campaign/${campaign.token_address}`;
  const twitter = socialUrl('twitter', campaign.twitter);
  const telegram = socialUrl('telegram', campaign.telegram);
  const discord = socialUrl('discord', campaign.discord);
  // A Discord username is no link (Discord has no public profile URLs); shown as text instead.
  const discordName = !discord && campaign.discord?.trim();
  const video = campaign.videos.find((v) => v.is_primary) ?? campaign.videos[0];
  return (
    <div className="flex flex-col gap-6 rounded-2xl border border-line bg-surface-2 p-5" data-testid="about-tab">
      <section>
        <div className="flex flex-wrap items-baseline gap-2">
          <h2 className="text-lg font-bold">About</h2>
          {campaign.details_edited_at && (
            <span className="text-xs text-muted" data-testid="edited-marker">
              Edited {formatDate(campaign.details_edited_at)} · <a href="#edit-history" className="text-brand-400 hover:underline">see what changed</a>
            </span>
          )}
        </div>
        <Story text={campaign.story} />
      </section>
      <section>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-bold">Gallery</h2>
          {access === 'manager' && <AddPhotos mint={campaign.token_address!} />}
        </div>
        {access === 'notPlatform' && <NotPlatformNote />}
        {campaign.gallery.length === 0
          ? <p className="mt-2 text-sm text-muted">{access === 'manager' ? 'No photos yet. Add photos to show supporters what their help does.' : 'No photos yet.'}</p>
          : (
            <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="gallery">
              {campaign.gallery.map((photo) => (
                <li key={photo.id} className="overflow-hidden rounded-xl border border-line bg-surface">
                  {/* Whole, never cropped (a photo of a sign or a receipt must stay readable); opens full size. */}
                  <a href={photo.image_url} target="_blank" rel="noopener noreferrer" aria-label={photo.caption ? `Open photo: ${photo.caption}` : 'Open photo'}>
                    <img src={photo.image_url} alt={photo.caption ?? ''} loading="lazy" className="aspect-square w-full bg-surface-3 object-contain" />
                  </a>
                  {photo.caption && <p className="p-2 text-xs text-muted">{photo.caption}</p>}
                </li>
              ))}
            </ul>
          )}
      </section>
      {video && (
        <section>
          <h2 className="text-lg font-bold">Video</h2>
          <video src={video.video_url} controls preload="metadata" className="mt-3 w-full rounded-xl bg-black" data-testid="campaign-video" />
        </section>
      )}
      <section className="flex flex-wrap gap-3 text-sm">
        <a href={website} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-brand-400 hover:underline"><Globe className="h-4 w-4" aria-hidden /> Website</a>
        {twitter && <a href={twitter} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-brand-400 hover:underline">X / Twitter</a>}
        {telegram && <a href={telegram} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-brand-400 hover:underline"><Send className="h-4 w-4" aria-hidden /> Telegram</a>}
        {discord && <a href={discord} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-brand-400 hover:underline" data-testid="campaign-discord"><MessageCircle className="h-4 w-4" aria-hidden /> Discord</a>}
        {discordName && <span className="inline-flex items-center gap-1 text-muted" data-testid="campaign-discord"><MessageCircle className="h-4 w-4" aria-hidden /> Discord: {discordName}</span>}
      </section>
      <div id="edit-history"><EditHistory tokenAddress={campaign.token_address!} description={campaign.description} edited={campaign.details_edited_at !== null} /></div>
    </div>
  );
}
