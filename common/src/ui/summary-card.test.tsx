import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FALLBACK_REASON_TEXT, UNKNOWN_FALLBACK_TEXT } from 'common/fallback-reason';
import { SummaryCard } from './summary-card';
import type { SummaryCardData } from './summary-card';

afterEach(cleanup);

const BASE: SummaryCardData = {
  summarizedContent: 'Lighthouses guided ships.',
  originalContent: 'Lighthouses guided ships for centuries.',
  originalWordCount: 5,
  summaryWordCount: 3,
  compressionRatio: 40,
  createdAt: '2026-03-10T09:00:00.000Z',
  aiModel: 'brevity-local-extractive',
};
const AUTHOR = { name: 'Ada Author', email: 'ada@example.com', role: 'user' };

describe('SummaryCard: the Quick Summary says why', () => {
  it('on a staff listing, a Quick Summary gets its badge with the reason as tooltip and read text', () => {
    render(
      <SummaryCard
        summary={{ ...BASE, user: AUTHOR, isFallback: true, fallbackReason: 'rate_limited' }}
      />,
    );
    const badge = screen.getByText('Quick Summary', { exact: true });
    expect(badge.getAttribute('title')).toBe(FALLBACK_REASON_TEXT.rate_limited);
    // Read by screen readers right after the label.
    expect(
      screen.getByText(`(${FALLBACK_REASON_TEXT.rate_limited})`, { exact: false }),
    ).toBeVisible();
  });

  it('on a staff listing, an AI summary shows no kind badge (the author’s role is there)', () => {
    render(<SummaryCard summary={{ ...BASE, user: AUTHOR, isFallback: false }} />);
    expect(screen.queryByText('Quick Summary')).toBeNull();
    expect(screen.queryByText('AI Generated')).toBeNull();
  });

  it('on one’s own listing, a Quick Summary whose reason is unknown says so in general words', () => {
    render(<SummaryCard summary={{ ...BASE, isFallback: true, fallbackReason: null }} />);
    expect(screen.getByText('Quick Summary', { exact: true }).getAttribute('title')).toBe(
      UNKNOWN_FALLBACK_TEXT,
    );
  });
});
