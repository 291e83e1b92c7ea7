import { Star, Trash2 } from 'lucide-react';
import clsx from 'clsx';
import { MAX_PHOTOS } from '../../../core/constants';
import { FilePickButton, IMAGE_ACCEPT } from '../../components/media/FilePickButton';
import { Dialog } from '../../components/ui/Dialog';
import { toastMaxPhotos } from './creationToasts';
import type { PhotoEntry } from './photos';
import type { PickedFile } from './useCreationForm';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  photos: PhotoEntry<PickedFile>[];
  onAdd: (files: File[]) => number;
  onRemove: (id: string) => void;
  onSetMain: (id: string) => void;
};

/** Up to 3 campaign photos; exactly one is the main photo (the first, unless another is chosen). */
export function PhotosDialog({ open, onOpenChange, photos, onAdd, onRemove, onSetMain }: Props) {
  const full = photos.length >= MAX_PHOTOS;
  const add = (files: File[]) => {
    if (onAdd(files) > 0) toastMaxPhotos();
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Campaign Photos" description={`Up to ${MAX_PHOTOS} photos (PNG, JPG, JPEG or GIF, 10 MB each). The main photo leads the gallery.`}>
      <ul className="grid grid-cols-3 gap-3" data-testid="photos-list">
        {photos.map((photo, i) => (
          <li key={photo.id} data-testid="photo-item" data-main={photo.isMain} className={clsx('relative overflow-hidden rounded-lg border-2', photo.isMain ? 'border-brand-500' : 'border-line')}>
            <img src={photo.file.previewUrl} alt={`Photo ${i + 1}`} className="aspect-square w-full object-cover" />
            {photo.isMain && <span className="absolute top-1 left-1 rounded bg-brand-500 px-1.5 text-xs font-bold text-slate-950">Main</span>}
            <div className="flex justify-between bg-surface-2 p-1">
              <button type="button" aria-label={`Make photo ${i + 1} the main photo`} disabled={photo.isMain} onClick={() => onSetMain(photo.id)} data-testid="photo-set-main" className="rounded p-1 text-muted hover:text-fg disabled:opacity-40">
                <Star className="h-4 w-4" aria-hidden />
              </button>
              <button type="button" aria-label={`Remove photo ${i + 1}`} onClick={() => onRemove(photo.id)} data-testid="photo-remove" className="rounded p-1 text-muted hover:text-red-500">
                <Trash2 className="h-4 w-4" aria-hidden />
              </button>
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-4 flex items-center justify-between gap-3">
        <span className="text-sm text-muted" data-testid="photos-count">{photos.length}/{MAX_PHOTOS} photos</span>
        {full ? (
          <button type="button" onClick={toastMaxPhotos} className="text-sm text-muted underline" data-testid="photos-full">Maximum photos reached</button>
        ) : (
          <FilePickButton kind="campaign_photo" accept={IMAGE_ACCEPT} multiple testId="photos" onFiles={add}>Add photos</FilePickButton>
        )}
      </div>
    </Dialog>
  );
}
