import { describe, expect, it } from 'vitest';
import { solFixed } from './format';

describe('solFixed', () => {
  it('cuts to the places asked, as every page does (0.128 is 0.12 on the campaign page and here)', () => {
    expect(solFixed('10.4089', 2)).toBe('10.40');
    expect(solFixed('0.128', 2)).toBe('0.12');
    expect(solFixed('0.00005', 4)).toBe('0.0000');
    expect(solFixed('1234567.5', 4)).toBe('1,234,567.5000');
    expect(solFixed('999.999', 2)).toBe('999.99');
  });
});
