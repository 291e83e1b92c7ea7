import { describe, expect, it } from 'vitest';
import { MaintenanceUpdateSchema } from './maintenance';

const firstMessage = (value: unknown) => {
  const r = MaintenanceUpdateSchema.safeParse(value);
  return r.success ? null : r.error.issues[0].message;
};

describe('MaintenanceUpdateSchema', () => {
  it('accepts a toggle alone and a full schedule', () => {
    expect(firstMessage({ maintenance_mode: true })).toBeNull();
    expect(firstMessage({
      maintenance_mode: false,
      maintenance_message: 'Back soon',
      schedule: { enabled: true, startTime: '2026-11-22T02:00:00.000Z', endTime: '2026-11-22T06:00:00+01:00', message: 'Upgrade' },
    })).toBeNull();
    expect(firstMessage({ maintenance_mode: false, schedule: { enabled: false, startTime: null, endTime: null } })).toBeNull();
  });

  it('needs both times for an enabled schedule', () => {
    expect(firstMessage({ maintenance_mode: false, schedule: { enabled: true, startTime: '2026-11-22T02:00:00Z', endTime: null } }))
      .toBe('Please set both start and end times');
  });

  it('needs the end after the start', () => {
    expect(firstMessage({ maintenance_mode: false, schedule: { enabled: true, startTime: '2026-11-22T02:00:00Z', endTime: '2026-11-22T01:00:00Z' } }))
      .toBe('End time must be after start time');
    expect(firstMessage({ maintenance_mode: false, schedule: { enabled: false, startTime: '2026-11-22T02:00:00Z', endTime: '2026-11-22T02:00:00Z' } }))
      .toBe('End time must be after start time');
  });

  it('refuses wrong types and unparseable times', () => {
    expect(firstMessage({ maintenance_mode: 'yes' })).toBe('maintenance_mode must be true or false');
    expect(firstMessage({ maintenance_mode: true, schedule: { enabled: true, startTime: 'tomorrow', endTime: null } }))
      .toBe('Start time must be a date and time (ISO 8601)');
  });
});
