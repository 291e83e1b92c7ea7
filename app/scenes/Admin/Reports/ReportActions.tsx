import { useState } from 'react';
import { toast } from 'sonner';
import { REPORT_STATUSES, type ReportStatus } from '../../../../core/enums';
import { REPORT_MESSAGES, REPORT_STATUS_LABELS } from '../../../../core/schemas/report';
import { useUpdateReport, type Report } from '../../../api/reports';
import { Button } from '../../../components/ui/Button';
import { Label, Textarea } from '../../../components/ui/Field';

/**
 * Spec 2 section 2.12 'Admin Actions': a status (required), notes and resolution. The text
 * areas start from what is stored, so saving a new status never wipes earlier notes.
 */
export function ReportActions({ report, onDone }: { report: Report; onDone: () => void }) {
  const [status, setStatus] = useState<ReportStatus | ''>('');
  const [notes, setNotes] = useState(report.admin_notes ?? '');
  const [resolution, setResolution] = useState(report.resolution ?? '');
  const update = useUpdateReport();

  const save = async () => {
    if (!status) return;
    try {
      await update.mutateAsync({ id: report.id, status, admin_notes: notes, resolution });
      toast.success(REPORT_MESSAGES.updatedTitle, { description: REPORT_MESSAGES.updated(status) });
      onDone();
    } catch {
      toast.error(REPORT_MESSAGES.updateFailedTitle, { description: REPORT_MESSAGES.updateFailed });
    }
  };

  return (
    <section className="space-y-4 border-t border-line pt-4" aria-label="Admin Actions">
      <h3 className="font-bold">Admin Actions</h3>
      <div>
        <Label htmlFor="report-new-status">Update status</Label>
        <select
          id="report-new-status"
          className="h-10 w-full rounded-lg border border-line bg-surface px-3 text-sm text-fg focus-visible:outline-2 focus-visible:outline-brand-400"
          value={status}
          onChange={(e) => setStatus(e.target.value as ReportStatus)}
        >
          <option value="">Select new status</option>
          {REPORT_STATUSES.map((s) => <option key={s} value={s}>{REPORT_STATUS_LABELS[s]}</option>)}
        </select>
      </div>
      <div>
        <Label htmlFor="report-admin-notes">Admin notes</Label>
        <Textarea id="report-admin-notes" rows={3} value={notes} onChange={(e) => setNotes(e.target.value)} placeholder="Internal notes about this report" />
      </div>
      <div>
        <Label htmlFor="report-resolution">Resolution (for resolved or dismissed reports)</Label>
        <Textarea id="report-resolution" rows={3} value={resolution} onChange={(e) => setResolution(e.target.value)} placeholder="What was done about it" />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>Cancel</Button>
        <Button onClick={() => void save()} disabled={!status || update.isPending}>{update.isPending ? 'Updating...' : 'Update Report'}</Button>
      </div>
    </section>
  );
}
