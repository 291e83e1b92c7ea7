import { z } from 'zod';

const MESSAGE_MAX = 1000;

const isoTime = (label: string) => z.iso.datetime({ offset: true, error: `${label} must be a date and time (ISO 8601)` });

/** The scheduled window: both ends are required once it is enabled, and the end comes after the start. */
export const MaintenanceScheduleSchema = z.object({
  enabled: z.boolean({ error: 'schedule.enabled must be true or false' }),
  startTime: isoTime('Start time').nullable(),
  endTime: isoTime('End time').nullable(),
  message: z.string().max(MESSAGE_MAX, `The schedule message must be at most ${MESSAGE_MAX} characters`).optional(),
}).superRefine((s, ctx) => {
  if (s.enabled && (!s.startTime || !s.endTime)) {
    ctx.addIssue({ code: 'custom', path: ['startTime'], message: 'Please set both start and end times' });
    return;
  }
  if (s.startTime && s.endTime && Date.parse(s.endTime) <= Date.parse(s.startTime)) {
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'End time must be after start time' });
  }
});

/** Body of PUT /api/admin/maintenance; the dashboard validates its form with the same schema. */
export const MaintenanceUpdateSchema = z.object({
  // Turns the maintenance page on or off at once.
  maintenance_mode: z.boolean({ error: 'maintenance_mode must be true or false' }),
  // Shown on the maintenance page; empty means the default message. Omitted keeps the current one.
  maintenance_message: z.string().max(MESSAGE_MAX, `The maintenance message must be at most ${MESSAGE_MAX} characters`).optional(),
  // The announced window; omitted keeps the current one.
  schedule: MaintenanceScheduleSchema.optional(),
});

export type MaintenanceSchedule = z.infer<typeof MaintenanceScheduleSchema>;
export type MaintenanceUpdate = z.infer<typeof MaintenanceUpdateSchema>;
