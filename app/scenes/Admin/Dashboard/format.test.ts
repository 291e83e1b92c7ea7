import { describe, expect, it } from 'vitest';
import { solFixed } from './format';

describe('solFixed', () => {
  it('rounds half up to the places asked, never cuts', () => {
    expect(solFixed('10.4089', 2)).toBe('10.41');
    expect(solFixed('10.405', 2)).toBe('10.41');
    expect(solFixed('10.4049', 2)).toBe('10.40');
    expect(solFixed('0.00005', 4)).toBe('0.0001');
    expect(solFixed('1234567.5', 4)).toBe('1,234,567.5000');
    expect(solFixed('999.999', 2)).toBe('1,000.00');
  });
});
