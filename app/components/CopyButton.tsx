import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { COPY_INDICATOR_MS } from '../../core/constants';
import { copyText } from '../lib/clipboard';

/** Copies `text`, confirms with the toast `toastTitle` and a check mark for 2 s (spec 1 section 9). */
export function CopyButton({ text, label, toastTitle, testId }: { text: string; label: string; toastTitle: string; testId?: string }) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_INDICATOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    if (!(await copyText(text))) return;
    setCopied(true);
    toast.success(toastTitle);
  };

  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={label}
      data-testid={testId}
      className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-md text-muted hover:bg-surface-3 hover:text-fg"
    >
      {copied ? <Check className="h-4 w-4 text-brand-400" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />}
    </button>
  );
}
