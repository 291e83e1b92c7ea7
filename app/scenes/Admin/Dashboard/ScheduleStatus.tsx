import { formatDateTime } from '../../../../core/format';
import type { MaintenanceSchedule } from '../../../api/settings';
import { Button } from '../../../components/ui/Button';
import { useNow } from '../../../lib/useNow';
import { countdownLabel } from './presets';

const when = formatDateTime;

/** The saved window with a live countdown to its start. */
export function ScheduleStatus({ schedule, onCancel, busy }: { schedule: MaintenanceSchedule | undefined; onCancel: () => void; busy: boolean }) {
  const now = useNow(1000);
  if (!schedule?.enabled || !schedule.startTime) {
    return <p className="mt-4 rounded-xl border border-line bg-surface p-3 text-sm text-muted" data-testid="schedule-status">No maintenance scheduled.</p>;
  }
  return (
    <div className="mt-4 rounded-xl border border-gold-500/40 bg-gold-500/10 p-3 text-sm" data-testid="schedule-status">
      <p className="font-semibold">Scheduled: {when(schedule.startTime)}{schedule.endTime ? ` - ${when(schedule.endTime)}` : ''}</p>
      {schedule.message && <p className="mt-1 text-muted">{schedule.message}</p>}
      <p className="mt-2">Starts in: <span className="font-mono font-semibold" data-testid="schedule-countdown">{countdownLabel(new Date(schedule.startTime), now)}</span></p>
      <Button size="sm" variant="ghost" className="mt-2" onClick={onCancel} disabled={busy}>Cancel schedule</Button>
    </div>
  );
}
