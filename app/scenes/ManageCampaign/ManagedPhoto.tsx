import { ChevronLeft, ChevronRight, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { CAPTION_MAX } from '../../../core/schemas/campaignContent';
import type { CampaignDetail } from '../../api/campaign';
import { useCreatorWrites } from '../../api/campaign';
import { errorMessage } from '../../api/client';

type Photo = CampaignDetail['gallery'][number];

/** One gallery photo as its creator edits it: caption (saved on leaving the field), move earlier or later, remove. */
export function ManagedPhoto({ mint, photo, index, count }: { mint: string; photo: Photo; index: number; count: number }) {
  const { editPhoto, removePhoto } = useCreatorWrites(mint);
  const [caption, setCaption] = useState(photo.caption ?? '');
  const busy = editPhoto.isPending || removePhoto.isPending;

  const saveCaption = async () => {
    if (caption.trim() === (photo.caption ?? '')) return;
    try {
      await editPhoto.mutateAsync({ id: photo.id, caption });
      toast.success('Caption saved');
    } catch (err) {
      toast.error('Failed to save caption', { description: errorMessage(err, 'Please try again later.') });
    }
  };
  const move = async (position: number) => {
    try {
      await editPhoto.mutateAsync({ id: photo.id, position });
    } catch (err) {
      toast.error('Failed to move photo', { description: errorMessage(err, 'Please try again later.') });
    }
  };
  const remove = async () => {
    try {
      await removePhoto.mutateAsync(photo.id);
      toast.success('Photo removed');
    } catch (err) {
      toast.error('Failed to remove photo', { description: errorMessage(err, 'Please try again later.') });
    }
  };

  const iconButton = 'rounded-md bg-black/60 p-1.5 text-white hover:bg-black/80 disabled:opacity-40';
  return (
    <li className="overflow-hidden rounded-xl border border-line" data-testid="managed-photo">
      <div className="relative">
        <img src={photo.image_url} alt={photo.caption ?? ''} className="aspect-square w-full object-cover" />
        <div className="absolute inset-x-2 top-2 flex justify-between">
          <span className="flex gap-1">
            <button type="button" aria-label="Move photo earlier" className={iconButton} disabled={busy || index === 0} onClick={() => void move(index - 1)}>
              <ChevronLeft className="h-4 w-4" aria-hidden />
            </button>
            <button type="button" aria-label="Move photo later" className={iconButton} disabled={busy || index === count - 1} onClick={() => void move(index + 1)}>
              <ChevronRight className="h-4 w-4" aria-hidden />
            </button>
          </span>
          <button type="button" aria-label="Remove photo" className={`${iconButton} hover:bg-red-600`} disabled={busy} onClick={() => void remove()}>
            <Trash2 className="h-4 w-4" aria-hidden />
          </button>
        </div>
      </div>
      <input
        aria-label="Photo caption"
        placeholder="Add a caption"
        value={caption}
        maxLength={CAPTION_MAX}
        onChange={(event) => setCaption(event.target.value)}
        onBlur={() => void saveCaption()}
        onKeyDown={(event) => { if (event.key === 'Enter') event.currentTarget.blur(); }}
        className="w-full border-t border-line bg-transparent px-2 py-1.5 text-sm outline-none focus:bg-surface"
      />
    </li>
  );
}
