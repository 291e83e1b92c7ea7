import { Film, ImageIcon, Images } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { FieldError } from './FormField';
import { LogoDialog } from './LogoDialog';
import { PhotosDialog } from './PhotosDialog';
import type { CreationFormState } from './useCreationForm';
import { VideoDialog } from './VideoDialog';

type Dialogs = 'logo' | 'photos' | 'video' | null;

function Tile({ label, testId, onClick, children }: { label: string; testId: string; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" onClick={onClick} data-testid={testId} aria-label={label}
      className="flex h-28 flex-col items-center justify-center gap-1 rounded-xl border border-dashed border-line bg-surface text-sm text-muted hover:border-brand-500 hover:text-fg">
      {children}
    </button>
  );
}

/** Logo (required), up to 3 photos and one video, each chosen in its dialog. */
export function MediaSection({ form }: { form: CreationFormState }) {
  const [open, setOpen] = useState<Dialogs>(null);
  const onOpenChange = (which: Dialogs) => (isOpen: boolean) => setOpen(isOpen ? which : null);
  const main = form.photos.find((p) => p.isMain);
  return (
    <section className="space-y-2">
      <div className="grid grid-cols-3 gap-3">
        <Tile label="Token logo" testId="open-logo-dialog" onClick={() => setOpen('logo')}>
          {form.logo
            ? <img src={form.logo.previewUrl} alt="Token logo" data-testid="logo-preview" className="h-16 w-16 rounded-full object-cover" />
            : <ImageIcon className="h-7 w-7" aria-hidden />}
          <span>Logo <span className="text-red-500" aria-hidden>*</span></span>
        </Tile>
        <Tile label="Campaign photos" testId="open-photos-dialog" onClick={() => setOpen('photos')}>
          {main ? <img src={main.file.previewUrl} alt="Main photo" className="h-16 w-16 rounded-lg object-cover" /> : <Images className="h-7 w-7" aria-hidden />}
          <span data-testid="photos-summary">Photos ({form.photos.length}/3)</span>
        </Tile>
        <Tile label="Campaign video" testId="open-video-dialog" onClick={() => setOpen('video')}>
          <Film className="h-7 w-7" aria-hidden />
          {/* Wraps rather than cuts: a third of a phone's width cut 'Video (optional)' to 'Video (op...'. */}
          <span data-testid="video-summary" className="line-clamp-2 max-w-full px-2 text-center break-words" title={form.video?.file.name}>{form.video ? form.video.file.name : 'Video (optional)'}</span>
        </Tile>
      </div>
      {form.errors.logo && <FieldError id="logo" message={form.errors.logo} />}
      <LogoDialog open={open === 'logo'} onOpenChange={onOpenChange('logo')} logo={form.logo} onChange={form.setLogo} />
      <PhotosDialog open={open === 'photos'} onOpenChange={onOpenChange('photos')} photos={form.photos}
        onAdd={form.addPhotoFiles} onRemove={form.removePhoto} onSetMain={form.setMainPhoto} />
      <VideoDialog open={open === 'video'} onOpenChange={onOpenChange('video')} video={form.video} onChange={form.setVideo} />
    </section>
  );
}
