import { describe, expect, it } from 'vitest';
import { percentShown } from './ProgressRing';

describe('the progress ring\'s percent', () => {
  it('never says 100% before it is', () => {
    expect(percentShown(99.8)).toBe(99);
    expect(percentShown(99.49)).toBe(99);
    expect(percentShown(100)).toBe(100);
    expect(percentShown(130.4)).toBe(130);
    expect(percentShown(42.5)).toBe(43);
    expect(percentShown(0)).toBe(0);
  });
});
