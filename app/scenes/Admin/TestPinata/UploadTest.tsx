import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../../api/client';
import { useStorageUpload } from '../../../api/adminDashboard';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Label } from '../../../components/ui/Field';

// Spec 2 section 3: image groups token logo, profile photo, campaign photo.
const GROUPS = [
  { value: 'token_logo', label: 'Token logo' },
  { value: 'profile_photo', label: 'Profile photo' },
  { value: 'campaign_photo', label: 'Campaign photo' },
];

/** Uploads one image with a group and test metadata (name, keyvalues test, uploadedAt, group). */
export function UploadTest() {
  const [file, setFile] = useState<File | null>(null);
  const [group, setGroup] = useState('campaign_photo');
  const upload = useStorageUpload();
  const result = upload.data;

  const pick = (picked: File | null) => {
    if (picked && !picked.type.startsWith('image/')) {
      toast.error('Failed to upload file', { description: 'Please choose an image file' });
      setFile(null);
      return;
    }
    setFile(picked);
  };

  const send = () => {
    if (!file) return void toast.error('No file selected');
    upload.mutate({ file, group }, {
      onSuccess: (r) => toast.success('Test successful', { description: `Stored as ${r.ipfsHash}` }),
      onError: (err) => toast.error('Failed to upload file', { description: errorMessage(err, 'Upload failed') }),
    });
  };

  return (
    <Card className="p-4 sm:p-6">
      <h2 className="font-bold">Upload Test</h2>
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        <div>
          <Label htmlFor="upload-group">Group</Label>
          <select id="upload-group" value={group} onChange={(e) => setGroup(e.target.value)} className="h-10 w-full rounded-lg border border-line bg-surface px-2 text-sm">
            {GROUPS.map((g) => <option key={g.value} value={g.value}>{g.label}</option>)}
          </select>
        </div>
        <div>
          <Label htmlFor="upload-file">Image</Label>
          <input id="upload-file" type="file" accept="image/*" onChange={(e) => pick(e.target.files?.[0] ?? null)} className="block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-surface-3 file:px-3 file:py-2 file:text-fg" />
        </div>
      </div>
      <Button className="mt-4" onClick={send} disabled={upload.isPending}>{upload.isPending ? 'Uploading...' : 'Upload File'}</Button>
      {result && (
        <div className="mt-4 flex flex-col gap-4 sm:flex-row" data-testid="upload-result">
          <img src={result.url} alt="The uploaded test file" className="h-24 w-24 shrink-0 rounded-lg border border-line object-cover" />
          <dl className="grid min-w-0 grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted">CID</dt><dd className="break-all font-mono text-xs" data-testid="upload-cid">{result.ipfsHash}</dd>
            <dt className="text-muted">URL</dt><dd className="break-all"><a href={result.url} target="_blank" rel="noreferrer" className="text-brand-600 underline dark:text-brand-400">{result.url}</a></dd>
            <dt className="text-muted">Metadata</dt><dd><pre className="overflow-x-auto text-xs">{JSON.stringify({ name: result.name, keyvalues: result.keyvalues }, null, 2)}</pre></dd>
          </dl>
        </div>
      )}
    </Card>
  );
}
