import { toast } from 'sonner';
import { ApiError } from '../api/client';

/**
 * The spec's 'Submission Failed' toast (spec 2 section 8) with its own text, and beside it the
 * server's reason when the server refused the request itself (a 4xx such as the hourly limit
 * or 'already pending'), so the person knows what to change. A lost session (401) is told by
 * the sign-in flow; network and server errors have no reason worth showing.
 */
export function toastSubmissionFailed(text: string, err: unknown): void {
  const reason = err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401 ? err.message : null;
  toast.error('Submission Failed', {
    description: reason
      ? <><span className="block">{text}</span><span className="mt-1 block font-medium" data-testid="submission-reason">{reason}</span></>
      : text,
  });
}
