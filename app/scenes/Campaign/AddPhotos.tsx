import { useState } from 'react';
import { toast } from 'sonner';
import { useCreatorWrites } from '../../api/campaign';
import { refusalMessage } from '../../api/client';
import { uploadFile } from '../../api/uploads';
import { FilePickButton } from '../../components/media/FilePickButton';

/** The creator's 'Add Photos': gallery images (any image, 5 MB each), uploaded then added in turn. */
export function AddPhotos({ mint }: { mint: string }) {
  const { addPhoto } = useCreatorWrites(mint);
  const [busy, setBusy] = useState(false);

  const add = async (files: File[]) => {
    setBusy(true);
    let added = 0;
    try {
      for (const file of files) {
        const uploaded = await uploadFile(file, { kind: 'campaign_photo', purpose: 'gallery' });
        await addPhoto.mutateAsync({ imageUrl: uploaded.url });
        added += 1;
      }
      toast.success(added === 1 ? 'Photo added' : `${added} photos added`);
    } catch (err) {
      toast.error('Upload failed', { description: refusalMessage(err, 'Failed to upload images. Please try again.') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <FilePickButton kind="campaign_photo" purpose="gallery" accept="image/*" multiple disabled={busy} testId="add-photos" onFiles={(files) => void add(files)}>
      {busy ? 'Adding...' : 'Add Photos'}
    </FilePickButton>
  );
}
