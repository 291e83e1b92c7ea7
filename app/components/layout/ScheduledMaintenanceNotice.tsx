import { useEffect } from 'react';
import { toast } from 'sonner';
import { DEFAULT_SCHEDULE_MESSAGE } from '../../../core/constants';
import type { MaintenanceSchedule } from '../../api/settings';

const DISMISSED_KEY = 'maintenance-notice-dismissed';
let showings = 0;

type Notice = { key: string; id: string; closing: boolean; pendingClose?: ReturnType<typeof setTimeout> };
/** The notice on screen, if any: one at a time, whoever mounts it. */
let current: Notice | null = null;

function closeNotice(notice: Notice): void {
  notice.closing = true;
  toast.dismiss(notice.id);
  if (current === notice) current = null;
}

function isDismissed(startTime: string): boolean {
  try { return localStorage.getItem(DISMISSED_KEY) === startTime; } catch { return false; }
}

function dismiss(startTime: string): void {
  try { localStorage.setItem(DISMISSED_KEY, startTime); } catch { /* storage disabled */ }
}

function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Spec: shows only when the schedule is enabled, starts in the future and was not dismissed (per start time). */
export function ScheduledMaintenanceNotice({ schedule }: { schedule: MaintenanceSchedule | undefined }) {
  const startTime = schedule?.enabled ? schedule.startTime : null;
  const endTime = schedule?.endTime ?? null;
  const message = schedule?.message || DEFAULT_SCHEDULE_MESSAGE;

  useEffect(() => {
    if (!startTime || Date.parse(startTime) <= Date.now() || isDismissed(startTime)) return;
    const key = `${startTime}|${endTime}|${message}`;
    let shown = current;
    if (shown?.key === key && shown.pendingClose) {
      // The same notice, remounted (the router re-renders the layout once its lazy page
      // has loaded): keep the toast on screen instead of closing it and opening a twin.
      clearTimeout(shown.pendingClose);
      shown.pendingClose = undefined;
    } else {
      if (shown) closeNotice(shown);
      // A fresh id per showing: reusing one while the previous toast is still animating out
      // would merge into it and inherit its pending deletion.
      shown = { key, id: `scheduled-maintenance-${++showings}`, closing: false };
      const notice = shown;
      const window = endTime ? `${formatWhen(startTime)} - ${formatWhen(endTime)}` : formatWhen(startTime);
      toast.warning('Scheduled Maintenance', {
        id: notice.id,
        description: `${message} (${window})`,
        duration: Infinity,
        // sonner calls onDismiss for programmatic dismissals too: only the visitor's own close counts.
        onDismiss: () => { if (!notice.closing) dismiss(startTime); },
        action: { label: 'Dismiss', onClick: () => dismiss(startTime) },
      });
      current = notice;
    }
    const notice = shown;
    // Closed a tick later, so a remount in the same render pass can take it over.
    return () => { notice.pendingClose = setTimeout(() => closeNotice(notice), 0); };
  }, [startTime, endTime, message]);

  return null;
}
