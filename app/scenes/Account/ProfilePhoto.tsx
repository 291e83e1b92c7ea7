import { Camera, Loader2, UserRound } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { FILE_LIMITS } from '../../../core/constants';
import { useSaveProfile } from '../../api/profiles';
import { uploadFile } from '../../api/uploads';
import { toastPhotoTooLarge, toastPhotoUploaded, toastPhotoUploadFailed } from './profileToasts';

type Props = { photoUrl: string | null; name: string; canEdit: boolean };

/** The profile photo (or a placeholder) and, when signed in, its picker: any image up to 3 MB. */
export function ProfilePhoto({ photoUrl, name, canEdit }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const save = useSaveProfile();

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > FILE_LIMITS.profilePhoto) {
      toastPhotoTooLarge();
      return;
    }
    setUploading(true);
    try {
      const { url } = await uploadFile(file, { kind: 'profile_photo' });
      await save.mutateAsync({ profile_photo: url });
      toastPhotoUploaded();
    } catch {
      toastPhotoUploadFailed();
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="relative h-24 w-24 shrink-0">
      {photoUrl ? (
        <img src={photoUrl} alt={`${name} profile photo`} data-testid="account-profile-photo" className="h-24 w-24 rounded-full border border-line object-cover" />
      ) : (
        <div role="img" aria-label="Profile photo placeholder" data-testid="account-profile-placeholder" className="flex h-24 w-24 items-center justify-center rounded-full border border-line bg-surface-3">
          <UserRound className="h-12 w-12 text-muted" aria-hidden />
        </div>
      )}
      {canEdit && (
        <>
          <button
            type="button"
            onClick={() => input.current?.click()}
            disabled={uploading}
            aria-label="Change profile photo"
            className="absolute right-0 bottom-0 flex h-8 w-8 items-center justify-center rounded-full bg-brand-500 text-slate-950 shadow hover:bg-brand-400 disabled:opacity-60"
          >
            {uploading ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : <Camera className="h-4 w-4" aria-hidden />}
          </button>
          <input ref={input} type="file" accept="image/*" className="hidden" data-testid="account-photo-input" onChange={(e) => void pick(e)} />
        </>
      )}
    </div>
  );
}
