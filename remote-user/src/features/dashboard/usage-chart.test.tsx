import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UsageChart, describeUsage } from './usage-chart';
import type { DailyUsage } from './user-analytics';

/** 14 days ending on `last`, with `count(index)` summaries each. */
function fortnight(last: Date, count: (index: number) => number): DailyUsage[] {
  return Array.from({ length: 14 }, (_, index) => {
    const date = new Date(last.getFullYear(), last.getMonth(), last.getDate() - 13 + index);
    return { day: date.toISOString().slice(0, 10), date, count: count(index) };
  });
}

describe('usage chart dates, written without ICU', () => {
  it('names the busiest day as en-US does', () => {
    const long = new Intl.DateTimeFormat('en-US', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
    });
    for (let month = 0; month < 12; month += 1) {
      const usage = fortnight(new Date(2026, month, 20), (index) => (index === 3 ? 5 : 1));
      const busiest = usage[3]?.date ?? new Date();
      expect(describeUsage(usage)).toContain(`the busiest day was ${long.format(busiest)} with`);
    }
  });

  it('labels the days as en-US does', () => {
    const short = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
    const usage = fortnight(new Date(2026, 0, 5), () => 1);
    render(<UsageChart usage={usage} />);
    const first = usage[0]?.date ?? new Date();
    expect(screen.getAllByText(short.format(first)).length).toBeGreaterThan(0);
  });
});
