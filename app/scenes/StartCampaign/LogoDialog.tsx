import { Trash2 } from 'lucide-react';
import { FilePickButton, IMAGE_ACCEPT } from '../../components/media/FilePickButton';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import type { PickedFile } from './useCreationForm';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; logo: PickedFile | null; onChange: (file: File | null) => void };

/** The token logo: PNG, JPG, JPEG or GIF up to 10 MB. */
export function LogoDialog({ open, onOpenChange, logo, onChange }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Token Logo" description="PNG, JPG, JPEG or GIF, up to 10 MB. Square images look best.">
      <div className="flex flex-col items-center gap-4">
        {logo ? (
          <img src={logo.previewUrl} alt="Token logo preview" data-testid="logo-dialog-preview" className="h-32 w-32 rounded-full border border-line object-cover" />
        ) : (
          <div className="flex h-32 w-32 items-center justify-center rounded-full border border-dashed border-line text-sm text-muted">No logo</div>
        )}
        <div className="flex gap-2">
          <FilePickButton kind="token_logo" accept={IMAGE_ACCEPT} testId="logo" onFiles={([file]) => { onChange(file); onOpenChange(false); }}>
            {logo ? 'Replace logo' : 'Choose logo'}
          </FilePickButton>
          {logo && (
            <Button variant="ghost" onClick={() => onChange(null)} data-testid="logo-remove">
              <Trash2 className="h-4 w-4" aria-hidden /> Remove
            </Button>
          )}
        </div>
      </div>
    </Dialog>
  );
}
