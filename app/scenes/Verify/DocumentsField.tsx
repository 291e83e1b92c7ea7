import { FileText, Paperclip, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { VERIFICATION_DOCUMENTS_MAX } from '../../../core/schemas/verification';
import { errorMessage } from '../../api/client';
import { uploadFile } from '../../api/uploads';
import { useAuth } from '../../auth/useAuth';
import { Button } from '../../components/ui/Button';

type Props = { urls: string[]; onChange: (urls: string[]) => void };
type Attached = { url: string; name: string; pdf: boolean };

/** Optional supporting documents: PDFs or images (scans, certificates) uploaded to our file store, 10 MB each. */
export function DocumentsField({ urls, onChange }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  // What this form attached: the name and kind to show; the form itself keeps only the URLs.
  const [attached, setAttached] = useState<Attached[]>([]);
  const shown = urls.map((url) => attached.find((a) => a.url === url) ?? { url, name: 'Document', pdf: false });
  const auth = useAuth();
  const room = VERIFICATION_DOCUMENTS_MAX - urls.length;

  const add = async (files: File[]) => {
    if (files.length === 0) return;
    if (!auth.isAuthenticated && !await auth.signIn()) return;
    setUploading(true);
    const added: Attached[] = [];
    try {
      for (const file of files.slice(0, room)) {
        // The server reads what the file is from its bytes; the browser's type only picks the preview.
        const { url } = await uploadFile(file, { kind: 'verification_document', name: `verification-${file.name}` });
        added.push({ url, name: file.name, pdf: file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf') });
      }
    } catch (err) {
      toast.error('Upload failed', { description: errorMessage(err, 'Failed to upload file') });
    } finally {
      setUploading(false);
      if (added.length > 0) {
        setAttached((before) => [...before, ...added]);
        onChange([...urls, ...added.map((a) => a.url)]);
      }
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="flex flex-col gap-2" data-testid="verification-documents">
      <p className="text-sm font-medium">Supporting documents <span className="font-normal text-muted">(optional, PDFs or images, up to {VERIFICATION_DOCUMENTS_MAX})</span></p>
      {urls.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {shown.map(({ url, name, pdf }) => (
            <li key={url} className="relative" title={name}>
              {pdf
                ? <span className="flex h-16 w-16 flex-col items-center justify-center gap-1 rounded-lg border border-line bg-surface-2 px-1 text-[10px] text-muted"><FileText className="h-5 w-5" aria-hidden /><span className="w-full truncate text-center">{name}</span></span>
                : <img src={url} alt="Supporting document" className="h-16 w-16 rounded-lg border border-line object-cover" />}
              <button type="button" onClick={() => onChange(urls.filter((u) => u !== url))} aria-label="Remove document" className="absolute -top-2 -right-2 rounded-full bg-surface-3 p-0.5 text-fg">
                <X className="h-3.5 w-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <input ref={input} type="file" accept="application/pdf,image/*" multiple className="sr-only" id="documents" onChange={(e) => void add([...(e.target.files ?? [])])} />
      <Button variant="secondary" size="sm" className="w-fit" disabled={uploading || room <= 0} onClick={() => input.current?.click()}>
        <Paperclip className="h-4 w-4" aria-hidden /> {uploading ? 'Uploading...' : 'Attach documents'}
      </Button>
    </div>
  );
}
