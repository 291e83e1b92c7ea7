import { useState, type FormEvent } from 'react';
import { CalendarClock } from 'lucide-react';
import { toast } from 'sonner';
import { DEFAULT_SCHEDULE_MESSAGE } from '../../../../core/constants';
import { errorMessage } from '../../../api/client';
import { useUpdateMaintenance, type SiteSettings } from '../../../api/settings';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Input, Label, Textarea } from '../../../components/ui/Field';
import { fromLocalInput, PRESETS, toLocalInput } from './presets';
import { ScheduleStatus } from './ScheduleStatus';

const initialInput = (iso: string | null | undefined) => (iso ? toLocalInput(new Date(iso)) : '');

/** The announced maintenance window: visitors get a notice before it starts. */
export function ScheduleForm({ settings }: { settings: SiteSettings }) {
  const update = useUpdateMaintenance();
  const schedule = settings.schedule;
  // A cancelled window's old times are not a useful starting point.
  const [start, setStart] = useState(() => initialInput(schedule?.enabled ? schedule.startTime : null));
  const [end, setEnd] = useState(() => initialInput(schedule?.enabled ? schedule.endTime : null));
  const [message, setMessage] = useState(schedule?.message || DEFAULT_SCHEDULE_MESSAGE);

  const save = async (body: Parameters<typeof update.mutateAsync>[0], success: string) => {
    try {
      await update.mutateAsync(body);
      toast.success(success);
    } catch (err) {
      toast.error('Update failed', { description: errorMessage(err, 'Failed to save the schedule') });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const startDate = fromLocalInput(start);
    const endDate = fromLocalInput(end);
    if (!startDate || !endDate) {
      toast.error('Missing information', { description: 'Please set both start and end times' });
      return;
    }
    if (endDate.getTime() <= startDate.getTime()) {
      toast.error('Invalid time range', { description: 'End time must be after start time' });
      return;
    }
    void save({
      maintenance_mode: settings.maintenance_mode,
      schedule: { enabled: true, startTime: startDate.toISOString(), endTime: endDate.toISOString(), message: message.trim() || DEFAULT_SCHEDULE_MESSAGE },
    }, 'Maintenance scheduled');
  };

  const cancel = () => save({
    maintenance_mode: settings.maintenance_mode,
    schedule: { enabled: false, startTime: null, endTime: null, message: DEFAULT_SCHEDULE_MESSAGE },
  }, 'Scheduled maintenance cancelled');

  return (
    <Card>
      <h2 className="flex items-center gap-2 text-lg font-bold"><CalendarClock className="h-5 w-5 text-brand-600 dark:text-brand-400" aria-hidden /> Schedule Maintenance</h2>
      <p className="mt-1 text-sm text-muted">Visitors see a notice about the upcoming window until they dismiss it.</p>
      <ScheduleStatus schedule={schedule} onCancel={cancel} busy={update.isPending} />
      <div className="mt-4 flex flex-wrap gap-2" role="group" aria-label="Quick presets">
        {PRESETS.map((preset) => (
          <Button key={preset.label} size="sm" variant="secondary" onClick={() => {
            const w = preset.window(new Date());
            setStart(toLocalInput(w.start));
            setEnd(toLocalInput(w.end));
          }}>{preset.label}</Button>
        ))}
      </div>
      <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <Label htmlFor="schedule-start">Start time</Label>
            <Input id="schedule-start" type="datetime-local" value={start} onChange={(e) => setStart(e.target.value)} />
          </div>
          <div>
            <Label htmlFor="schedule-end">End time</Label>
            <Input id="schedule-end" type="datetime-local" value={end} min={start || undefined} onChange={(e) => setEnd(e.target.value)} />
          </div>
        </div>
        <div>
          <Label htmlFor="schedule-message">Message</Label>
          <Textarea id="schedule-message" value={message} onChange={(e) => setMessage(e.target.value)} />
        </div>
        <Button type="submit" disabled={update.isPending}>Schedule Maintenance</Button>
      </form>
    </Card>
  );
}
