import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FALLBACK_REASON_TEXT } from '../../lib/summaries/summary';
import { PROGRESS_ANNOUNCEMENT_MS, StreamingSummary } from './streaming-summary';

const liveRegion = () => document.querySelector('p[role="status"][aria-live="polite"]');

afterEach(() => {
  vi.useRealTimers();
});

describe('StreamingSummary', () => {
  it('announces the words written every few seconds, not every delta', () => {
    vi.useFakeTimers();
    const stream = { text: 'One two', restarted: false, resetReason: null };
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
        stream={{ text: 'Local one.', restarted: true, resetReason: 'timeout' }}
        onStop={() => undefined}
      />,
    );
    expect(liveRegion()?.textContent).toBe(
      `${FALLBACK_REASON_TEXT.timeout} It replaces the text written so far.`,
    );
    rerender(
      <StreamingSummary
        stream={{ text: 'Local one. Local two.', restarted: true, resetReason: 'timeout' }}
        onStop={() => undefined}
      />,
    );
    act(() => vi.advanceTimersByTime(PROGRESS_ANNOUNCEMENT_MS));
    expect(liveRegion()?.textContent).toBe('4 words written so far');
  });
});
