import { useState, type ReactNode } from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { ExternalLink, Flag, X } from 'lucide-react';
import clsx from 'clsx';
import { toast } from 'sonner';
import { REPORT_STATUS_LABELS } from '../../../../core/schemas/report';
import { useFlagReportedCampaign, type Report } from '../../../api/reports';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { STATUS_BADGE, badgeClass, formatDateTime, typeBadge } from './reportStyle';
import { ReportActions } from './ReportActions';
import { FlagCampaignDialog } from '../FlagCampaignDialog';
import { Linkified } from './Linkified';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <h4 className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</h4>
      <div className="mt-1 text-sm break-words whitespace-pre-wrap">{children}</div>
    </div>
  );
}

/** The reported campaign, with 'Open campaign' and the flag (confirmed, with its reason). */
function ReportedCampaign({ report }: { report: Report }) {
  const flag = useFlagReportedCampaign();
  // The dialog holds the report as it was opened; the flag's answer is the state now.
  const [flagged, setFlagged] = useState(report.campaign?.flagged ?? false);
  const [confirming, setConfirming] = useState(false);
  const toggle = async (reason: string | undefined) => {
    setConfirming(false);
    try {
      setFlagged((await flag.mutateAsync({ id: report.id, flagged: !flagged, reason })).flagged);
      toast.success(flagged ? 'Campaign unflagged' : 'Campaign flagged', {
        description: flagged ? `$${report.campaign_ticker} is back in the public lists` : `$${report.campaign_ticker} is hidden from the public lists`,
      });
    } catch {
      toast.error('Error', { description: 'Failed to update flag status' });
    }
  };
  return (
    <div className="rounded-xl border border-line bg-surface p-3">
      <p className="text-sm"><span className="font-bold">${report.campaign_ticker}</span> {report.campaign?.name ?? 'Not on the platform'}
        {flagged && <span className={clsx(badgeClass, 'ml-2 bg-red-500/15 text-red-600 dark:text-red-300')}>Flagged</span>}
      </p>
      {report.token_address && report.campaign && (
        <div className="mt-2 flex flex-wrap gap-2">
          <ButtonLink to={`/campaign/${report.token_address}`} target="_blank" rel="noopener" variant="secondary" size="sm">
            <ExternalLink className="h-4 w-4" aria-hidden /> Open campaign
          </ButtonLink>
          <Button variant={flagged ? 'secondary' : 'danger'} size="sm" onClick={() => setConfirming(true)} disabled={flag.isPending}>
            <Flag className="h-4 w-4" aria-hidden /> {flagged ? 'Unflag campaign' : 'Flag campaign'}
          </Button>
        </div>
      )}
      <FlagCampaignDialog ticker={confirming ? report.campaign_ticker : null} flagging={!flagged} busy={flag.isPending}
        onCancel={() => setConfirming(false)} onConfirm={(reason) => void toggle(reason)} />
    </div>
  );
}

/** Spec 2 section 2.12: everything the report holds, then the Admin Actions. */
export function ReportDialog({ report, onClose }: { report: Report | null; onClose: () => void }) {
  return (
    <DialogPrimitive.Root open={report !== null} onOpenChange={(open) => { if (!open) onClose(); }}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <DialogPrimitive.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-line bg-surface-2 p-5 text-fg shadow-xl sm:p-6">
          <DialogPrimitive.Title className="pr-8 text-lg font-bold">Report Details</DialogPrimitive.Title>
          <DialogPrimitive.Description className="sr-only">The report, the reported campaign and the admin actions</DialogPrimitive.Description>
          {report && (
            // Keyed by report and its last update: the actions' form starts fresh for each.
            <div className="mt-4 space-y-4" key={`${report.id}-${report.updated_at}`}>
              <div className="flex flex-wrap items-center gap-2">
                <span className={clsx(badgeClass, typeBadge(report.report_type))}>{report.report_type}</span>
                <span className="text-sm text-muted">Current status:</span>
                <span className={clsx(badgeClass, STATUS_BADGE[report.status])} data-testid="report-dialog-status">{REPORT_STATUS_LABELS[report.status]}</span>
              </div>
              <ReportedCampaign report={report} />
              <Detail label="Description">{report.description}</Detail>
              {report.evidence && <Detail label="Evidence / links"><Linkified text={report.evidence} /></Detail>}
              {report.contact_email && <Detail label="Reporter email"><a className="text-brand-600 dark:text-brand-400 underline" href={`mailto:${report.contact_email}`}>{report.contact_email}</a></Detail>}
              {(report.x_handle || report.telegram_handle) && (
                <Detail label="Reporter handles">{[report.x_handle && `X: ${report.x_handle}`, report.telegram_handle && `Telegram: ${report.telegram_handle}`].filter(Boolean).join('\n')}</Detail>
              )}
              <Detail label="Submitted">{formatDateTime(report.submitted_at)}</Detail>
              {report.admin_notes && <Detail label="Admin notes">{report.admin_notes}</Detail>}
              {report.resolution && <Detail label="Resolution">{report.resolution}</Detail>}
              <ReportActions report={report} onDone={onClose} />
            </div>
          )}
          <DialogPrimitive.Close className="absolute top-4 right-4 rounded-md p-1 text-muted hover:text-fg" aria-label="Close">
            <X className="h-5 w-5" aria-hidden />
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
