import { Upload } from 'lucide-react';
import { useRef, type ChangeEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import type { UploadKind } from '../../../core/enums';
import type { UploadPurpose } from '../../../core/uploadRules';
import { Button } from '../ui/Button';
import { checkFile } from './checkFile';

type Props = {
  kind: UploadKind;
  purpose?: UploadPurpose;
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  testId: string;
  children?: ReactNode;
  /** The files that pass the upload rules; each refused one was toasted with the rule's words. */
  onFiles: (files: File[]) => void;
};

/** A button that opens the file chooser and checks each file against its kind's upload rule. */
export function FilePickButton({ kind, purpose, accept, multiple, disabled, testId, children, onFiles }: Props) {
  const input = useRef<HTMLInputElement>(null);

  const picked = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    const accepted: File[] = [];
    for (const file of files) {
      const refusal = await checkFile(file, kind, purpose);
      if (refusal) toast.error(refusal.title, { description: refusal.message });
      else accepted.push(file);
    }
    if (accepted.length) onFiles(accepted);
  };

  return (
    <>
      <Button variant="secondary" disabled={disabled} onClick={() => input.current?.click()} data-testid={`${testId}-button`}>
        <Upload className="h-4 w-4" aria-hidden />
        {children ?? 'Choose file'}
      </Button>
      <input ref={input} type="file" accept={accept} multiple={multiple} className="hidden" data-testid={`${testId}-input`} onChange={(e) => void picked(e)} />
    </>
  );
}

export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/gif,.png,.jpg,.jpeg,.gif';
export const VIDEO_ACCEPT = 'video/mp4,video/webm,video/quicktime,.mp4,.webm,.mov';
