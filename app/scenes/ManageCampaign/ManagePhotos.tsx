import type { CampaignDetail } from '../../api/campaign';
import { Card } from '../../components/ui/Card';
import { AddPhotos } from '../Campaign/AddPhotos';
import { ManagedPhoto } from './ManagedPhoto';

/** The gallery as the creator manages it: add photos, caption, reorder and remove them. */
export function ManagePhotos({ campaign }: { campaign: CampaignDetail }) {
  const mint = campaign.token_address!;
  const photos = campaign.gallery;
  return (
    <Card data-testid="manage-photos">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-bold">Campaign Photos</h2>
        <AddPhotos mint={mint} />
      </div>
      {photos.length === 0
        ? <p className="mt-3 text-sm text-muted">No photos yet. Any image up to 5 MB.</p>
        : (
          <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {photos.map((photo, index) => (
              <ManagedPhoto key={`${photo.id}:${photo.caption ?? ''}`} mint={mint} photo={photo} index={index} count={photos.length} />
            ))}
          </ul>
        )}
    </Card>
  );
}
