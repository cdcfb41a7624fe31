import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FALLBACK_REASON_TEXT } from '../../lib/summaries/summary';
import type { SummaryProgress } from '../../lib/summaries/summary';
import { PROGRESS_ANNOUNCEMENT_MS, StreamingSummary } from './streaming-summary';

const liveRegion = () => document.querySelector('p[role="status"][aria-live="polite"]');

afterEach(() => {
  vi.useRealTimers();
});

describe('StreamingSummary', () => {
  it('announces the words written every few seconds, not every delta', () => {
    vi.useFakeTimers();
    const stream = { progress: null, text: 'One two', restarted: false, resetReason: null };
    const { rerender } = render(<StreamingSummary stream={stream} onStop={() => undefined} />);
    expect(liveRegion()?.textContent).toBe('');
    rerender(
      <StreamingSummary stream={{ ...stream, text: 'One two three' }} onStop={() => undefined} />,
    );
    expect(liveRegion()?.textContent).toBe('');
    act(() => vi.advanceTimersByTime(PROGRESS_ANNOUNCEMENT_MS));
    expect(liveRegion()?.textContent).toBe('3 words written so far');
    // Nothing new: the same words are not announced again.
    act(() => vi.advanceTimersByTime(PROGRESS_ANNOUNCEMENT_MS));
    expect(liveRegion()?.textContent).toBe('3 words written so far');
    expect(screen.getByText('One two three')).toBeVisible();
  });

  it('says why at once after a reset, then goes on with the progress', () => {
    vi.useFakeTimers();
    const { rerender } = render(
      <StreamingSummary
        stream={{ progress: null, text: 'Local one.', restarted: true, resetReason: 'timeout' }}
        onStop={() => undefined}
      />,
    );
    expect(liveRegion()?.textContent).toBe(
      `${FALLBACK_REASON_TEXT.timeout} It replaces the text written so far.`,
    );
    rerender(
      <StreamingSummary
        stream={{
          progress: null,
          text: 'Local one. Local two.',
          restarted: true,
          resetReason: 'timeout',
        }}
        onStop={() => undefined}
      />,
    );
    act(() => vi.advanceTimersByTime(PROGRESS_ANNOUNCEMENT_MS));
    expect(liveRegion()?.textContent).toBe('4 words written so far');
  });
});

describe('StreamingSummary: a page or a file being read', () => {
  const reading = (progress: SummaryProgress | null, text = '') => ({
    progress,
    text,
    restarted: false,
    resetReason: null,
  });

  it.each([
    ['url', null, 'Reading the page', 'Fetching the page…', 5],
    ['file', null, 'Reading the file', 'Sending the file…', 5],
    ['url', { stage: 'fetching' }, 'Reading the page', 'Fetching the page…', 10],
    ['file', { stage: 'reading' }, 'Reading the file', 'Reading the document…', 25],
    [
      'file',
      { stage: 'ocr', page: 3, pages: 10 },
      'Reading the file',
      'Reading page 3 of 10 by OCR…',
      18,
    ],
    ['file', { stage: 'ocr' }, 'Reading the file', 'Reading the scan by OCR…', 25],
    ['url', { stage: 'summarizing' }, 'Reading the page', 'Summarizing…', 60],
  ] as const)(
    '%s, %o: a named progress bar with the stage in words',
    (source, progress, name, words, percent) => {
      render(
        <StreamingSummary stream={reading(progress)} source={source} onStop={() => undefined} />,
      );
      const bar = screen.getByRole('progressbar', { name });
      expect(bar).toHaveAttribute('aria-valuetext', words);
      expect(bar).toHaveAttribute('value', String(percent));
      expect(screen.getByTestId('reading-stage').textContent).toBe(words);
    },
  );

  it('says the stage, not every OCR page, in its live region', () => {
    const { rerender } = render(
      <StreamingSummary
        stream={reading({ stage: 'ocr', page: 1, pages: 2 })}
        source="file"
        onStop={() => undefined}
      />,
    );
    expect(liveRegion()?.textContent).toBe('Reading the scan by OCR…');
    rerender(
      <StreamingSummary
        stream={reading({ stage: 'summarizing' })}
        source="file"
        onStop={() => undefined}
      />,
    );
    expect(liveRegion()?.textContent).toBe('Summarizing…');
  });

  it('shows the words instead of the bar once they arrive, and Stop stops', async () => {
    const onStop = vi.fn();
    render(
      <StreamingSummary
        stream={reading({ stage: 'summarizing' }, 'The first words')}
        source="url"
        onStop={onStop}
      />,
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByTestId('streamed-summary').textContent).toBe('The first words');
    const region = screen.getByRole('region', { name: 'Writing the summary…' });
    await userEvent.click(within(region).getByRole('button', { name: 'Stop' }));
    expect(onStop).toHaveBeenCalledTimes(1);
  });
});
