import { useEffect, useState } from 'react';
import { Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { useCreatorWrites, type CampaignDetail } from '../../api/campaign';
import { refusalMessage } from '../../api/client';
import { uploadFile } from '../../api/uploads';
import { FilePickButton } from '../../components/media/FilePickButton';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';

const MB = 1024 * 1024;

/** The campaign's one video: pick (MP4, WebM, MOV, AVI or MKV, 50 MB), preview, add; or remove it. */
export function ManageVideo({ campaign }: { campaign: CampaignDetail }) {
  const { setVideo, removeVideo } = useCreatorWrites(campaign.token_address!);
  const [picked, setPicked] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const current = campaign.videos.find((v) => v.is_primary) ?? campaign.videos[0];

  useEffect(() => {
    if (!picked) return setPreview(null);
    const url = URL.createObjectURL(picked);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [picked]);

  const add = async () => {
    if (!picked) return;
    setBusy(true);
    try {
      const uploaded = await uploadFile(picked, { kind: 'campaign_video', purpose: 'manage' });
      await setVideo.mutateAsync({ videoUrl: uploaded.url });
      toast.success('Video uploaded successfully', { description: 'Your campaign video has been added' });
      setPicked(null);
    } catch (err) {
      // A refusal (a bad file, no permission) in the server's words.
      toast.error('Upload failed', { description: refusalMessage(err, 'Failed to upload video. Please try again.') });
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    try {
      await removeVideo.mutateAsync();
      toast.success('Video removed', { description: 'Campaign video has been removed' });
    } catch (err) {
      toast.error('Failed to remove video', { description: refusalMessage(err, 'Please try again later.') });
    }
  };

  return (
    <Card data-testid="manage-video">
      <h2 className="text-lg font-bold">Campaign Video</h2>
      {current && !picked && (
        <div className="mt-3 flex flex-col gap-3">
          <video src={current.video_url} controls preload="metadata" className="w-full rounded-xl bg-black" />
          <Button variant="danger" className="w-fit" onClick={() => void remove()} disabled={removeVideo.isPending}><Trash2 className="h-4 w-4" aria-hidden /> Remove Video</Button>
        </div>
      )}
      {picked && preview
        ? (
          <div className="mt-3 flex flex-col gap-3">
            <video src={preview} controls className="w-full rounded-xl bg-black" />
            <p className="text-sm"><span className="font-semibold">{picked.name}</span> <span className="text-muted">({(picked.size / MB).toFixed(2)} MB)</span></p>
            <div className="flex gap-2">
              <Button onClick={() => void add()} disabled={busy}>{busy ? 'Uploading...' : 'Add Video'}</Button>
              <Button variant="ghost" onClick={() => setPicked(null)} disabled={busy}>Cancel</Button>
            </div>
          </div>
        )
        : (
          <div className="mt-3">
            <FilePickButton kind="campaign_video" purpose="manage" accept="video/mp4,video/webm,video/quicktime,video/x-msvideo,video/x-matroska,.avi,.mkv" testId="pick-video" onFiles={([file]) => setPicked(file)}>
              {current ? 'Replace Video' : 'Choose Video'}
            </FilePickButton>
            <p className="mt-2 text-xs text-muted">MP4, WebM, MOV, AVI or MKV, up to 50 MB.</p>
          </div>
        )}
    </Card>
  );
}
