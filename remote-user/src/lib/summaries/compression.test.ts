import { describe, expect, it } from 'vitest';
import { formatCompression } from './compression';

describe('formatCompression', () => {
  it("keeps the API's whole percent while the summary is at least 1 % of the length", () => {
    expect(formatCompression(75, 400, 100)).toBe('75%');
    expect(formatCompression(99, 1000, 10)).toBe('99%');
  });

  it('shows one decimal under 1 %, never 100 % while the summary has words', () => {
    expect(formatCompression(100, 3602, 12)).toBe('99.7%');
    expect(formatCompression(100, 1_000_000, 1)).toBe('99.9%');
  });

  it('is null when nothing is known, and the ratio alone when the counts are missing', () => {
    expect(formatCompression(null, null, null)).toBeNull();
    expect(formatCompression(80, null, undefined)).toBe('80%');
  });
});
