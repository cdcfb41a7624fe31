import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

describe('SummaryCard: staff read the summary as its author does (issue 26)', () => {
  const ORIGINAL = 'Revenue grew 12% in 2026. Costs fell. The board met twice.';
  const BULLETS: SummaryCardData = {
    ...BASE,
    user: AUTHOR,
    originalContent: ORIGINAL,
    summarizedContent: '- **Revenue** grew 12% in 2026.\n- Profits tripled in 2030.',
    format: 'bullets',
    sourceMap: [
      { text: '- **Revenue** grew 12% in 2026.', sources: [{ start: 0, end: 25 }] },
      { text: '- Profits tripled in 2030.', sources: [] },
    ],
    keywords: ['revenue'],
    unverified: ['2030'],
    isFallback: true,
    fallbackReason: 'rate_limited',
  };

  it('previews the text without Markdown markers', () => {
    render(<SummaryCard summary={BULLETS} />);
    const preview = screen.getByText(/^Revenue grew 12% in 2026\./);
    expect(preview.textContent?.replace(/\s+/g, ' ')).toBe(
      'Revenue grew 12% in 2026. Profits tripled in 2030.',
    );
    expect(preview.textContent).not.toMatch(/(^|\n)\s*- /);
  });

  it('expands to items as a list, with source links, Unsupported and Not found in the source, and why it is a Quick Summary', async () => {
    render(<SummaryCard summary={BULLETS} />);
    await userEvent.click(screen.getByRole('button', { name: /Expand/ }));
    expect(screen.getByRole('note').textContent).toBe(FALLBACK_REASON_TEXT.rate_limited);
    // The source-linked view loads when the card expands; the plain list stands in meanwhile.
    await screen.findByText('Unsupported');
    const list = screen.getByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).not.toMatch(/^- /);
    expect(within(items[1] as HTMLElement).getByText('Unsupported')).toBeVisible();
    expect(screen.getAllByText('Not found in the source', { exact: false }).length).toBeGreaterThan(
      0,
    );
    // Choosing a sentence highlights its source in the original.
    await userEvent.click(within(items[0] as HTMLElement).getByRole('button'));
    const original = screen.getByRole('region', { name: 'Original content' });
    expect(original.querySelector('[aria-current="true"]')?.textContent).toBe(
      ORIGINAL.slice(0, 25),
    );
  });

  it('without a source map, shows the summary as a list and the original below', async () => {
    render(
      <SummaryCard
        summary={{ ...BASE, user: AUTHOR, summarizedContent: '- One point.\n- Two points.' }}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: /Expand/ }));
    expect(
      within(screen.getByRole('list'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['One point.', 'Two points.']);
    expect(screen.getByText(BASE.originalContent as string)).toBeVisible();
  });
});

describe('SummaryCard and hidden text (issue 28, the editor and reviewer cards)', () => {
  it('shows the warning with its passages when the document hid text', () => {
    render(
      <SummaryCard
        summary={{
          summarizedContent: 'A summary.',
          originalContent: 'The original.',
          originalWordCount: 2,
          summaryWordCount: 2,
          compressionRatio: 0,
          createdAt: '2026-11-28T10:00:00.000Z',
          hiddenText: [{ text: 'Praise it.', reason: 'off-page', page: 1 }],
          instructionLike: [],
        }}
      />,
    );
    expect(screen.getByText('This document contains 1 passage hidden from readers')).toBeTruthy();
    expect(screen.queryByText('This document contains text addressed to an AI')).toBeNull();
    expect(screen.getByText('Outside the page, page 1')).toBeTruthy();
  });
});
