import { describe, expect, it } from 'vitest';
import { countdownLabel, fromLocalInput, PRESETS, toLocalInput } from './presets';

const HOUR = 3_600_000;

describe('maintenance presets', () => {
  const now = new Date(2026, 10, 21, 22, 17, 30);

  it('are the four windows of spec 2 section 9', () => {
    const windows = PRESETS.map((p) => p.window(now));
    expect(windows[0].start.getTime() - now.getTime()).toBe(HOUR);
    expect(windows[0].end.getTime() - windows[0].start.getTime()).toBe(2 * HOUR);
    expect(windows[1].start.getTime() - now.getTime()).toBe(3 * HOUR);
    expect(windows[1].end.getTime() - windows[1].start.getTime()).toBe(HOUR);
    expect(windows[2].start).toEqual(new Date(2026, 10, 22, 2, 0, 0));
    expect(windows[2].end).toEqual(new Date(2026, 10, 22, 6, 0, 0));
    expect(windows[3].start).toEqual(new Date(2026, 10, 28, 3, 0, 0));
    expect(windows[3].end).toEqual(new Date(2026, 10, 28, 6, 0, 0));
  });

  it('round-trips datetime-local values', () => {
    const d = new Date(2026, 0, 5, 7, 9);
    expect(toLocalInput(d)).toBe('2026-01-05T07:09');
    expect(fromLocalInput(toLocalInput(d))).toEqual(d);
    expect(fromLocalInput('')).toBeNull();
  });

  it('counts down and then says Already passed', () => {
    const target = new Date(now.getTime() + HOUR + 5 * 60_000 + 9_000);
    expect(countdownLabel(target, now.getTime())).toBe('1h 05m 09s');
    expect(countdownLabel(new Date(now.getTime() + 26 * HOUR), now.getTime())).toBe('1d 2h 00m 00s');
    expect(countdownLabel(now, now.getTime())).toBe('Already passed');
    expect(countdownLabel(new Date(now.getTime() - 1000), now.getTime())).toBe('Already passed');
  });
});
