import { useState } from 'react';
import { toast } from 'sonner';
import { COMMENT_REPORT_REASON_LABELS, COMMENT_REPORT_REASONS, type CommentReportReason } from '../../../../core/schemas/comment';
import { refusalMessage } from '../../../api/client';
import { useReportComment } from '../../../api/comments';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';

/** Anyone may report a comment once, with a reason from the short list. */
export function ReportCommentDialog({ commentId, onClose }: { commentId: number | null; onClose: () => void }) {
  const report = useReportComment();
  const [reason, setReason] = useState<CommentReportReason>('spam');
  const submit = async () => {
    if (commentId === null) return;
    try {
      const { collapsed } = await report.mutateAsync({ id: commentId, reason });
      toast.success('Report sent', { description: collapsed ? 'The comment is collapsed until a moderator reviews it.' : 'Thank you: a moderator will review it.' });
      onClose();
    } catch (err) {
      toast.error('Report not sent', { description: refusalMessage(err, 'Please try again later.') });
    }
  };
  return (
    <Dialog open={commentId !== null} onOpenChange={(open) => { if (!open) onClose(); }} title="Report comment" description="Why should a moderator look at this comment?">
      <fieldset className="mt-4 flex flex-col gap-2">
        <legend className="sr-only">Reason</legend>
        {COMMENT_REPORT_REASONS.map((r) => (
          <label key={r} className="flex items-center gap-2 text-sm">
            <input type="radio" name="comment-report-reason" value={r} checked={reason === r} onChange={() => setReason(r)} />
            {COMMENT_REPORT_REASON_LABELS[r]}
          </label>
        ))}
      </fieldset>
      <div className="mt-5 flex justify-end gap-2">
        <Button variant="ghost" onClick={onClose}>Cancel</Button>
        <Button variant="danger" disabled={report.isPending} onClick={() => void submit()}>{report.isPending ? 'Sending...' : 'Send report'}</Button>
      </div>
    </Dialog>
  );
}
