import { Trash2 } from 'lucide-react';
import { FilePickButton, VIDEO_ACCEPT } from '../../components/media/FilePickButton';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import type { PickedFile } from './useCreationForm';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; video: PickedFile | null; onChange: (file: File | null) => void };

/** One optional campaign video: MP4, WebM or MOV under 50 MB. */
export function VideoDialog({ open, onOpenChange, video, onChange }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Campaign Video" description="One video, MP4, WebM or MOV, under 50 MB.">
      {video ? (
        <div className="space-y-3">
          <video src={video.previewUrl} controls className="w-full rounded-lg border border-line" data-testid="video-preview" />
          <p className="truncate text-sm text-muted">{video.file.name}</p>
        </div>
      ) : (
        <p className="text-sm text-muted">No video chosen.</p>
      )}
      <div className="mt-4 flex gap-2">
        <FilePickButton kind="campaign_video" accept={VIDEO_ACCEPT} testId="video" onFiles={([file]) => onChange(file)}>
          {video ? 'Replace video' : 'Choose video'}
        </FilePickButton>
        {video && (
          <Button variant="ghost" onClick={() => onChange(null)} data-testid="video-remove">
            <Trash2 className="h-4 w-4" aria-hidden /> Remove
          </Button>
        )}
      </div>
    </Dialog>
  );
}
