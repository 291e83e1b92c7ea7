import { Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { useCreatorWrites, type CampaignDetail } from '../../api/campaign';
import { errorMessage } from '../../api/client';
import { Card } from '../../components/ui/Card';
import { AddPhotos } from '../Campaign/AddPhotos';

/** The gallery as the creator manages it: add photos, remove one. */
export function ManagePhotos({ campaign }: { campaign: CampaignDetail }) {
  const mint = campaign.token_address!;
  const { removePhoto } = useCreatorWrites(mint);
  const remove = async (id: number) => {
    try {
      await removePhoto.mutateAsync(id);
      toast.success('Photo removed');
    } catch (err) {
      toast.error('Failed to remove photo', { description: errorMessage(err, 'Please try again later.') });
    }
  };
  return (
    <Card data-testid="manage-photos">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-bold">Campaign Photos</h2>
        <AddPhotos mint={mint} />
      </div>
      {campaign.gallery.length === 0
        ? <p className="mt-3 text-sm text-muted">No photos yet. Any image up to 5 MB.</p>
        : (
          <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {campaign.gallery.map((photo) => (
              <li key={photo.id} className="relative overflow-hidden rounded-xl border border-line">
                <img src={photo.image_url} alt={photo.caption ?? ''} className="aspect-square w-full object-cover" />
                <button
                  type="button"
                  aria-label="Remove photo"
                  onClick={() => void remove(photo.id)}
                  disabled={removePhoto.isPending}
                  className="absolute right-2 top-2 rounded-md bg-black/60 p-1.5 text-white hover:bg-red-600"
                ><Trash2 className="h-4 w-4" aria-hidden /></button>
              </li>
            ))}
          </ul>
        )}
    </Card>
  );
}
