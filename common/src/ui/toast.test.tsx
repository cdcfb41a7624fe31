import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster, dismissToast, showToast } from './toast';

afterEach(cleanup);

describe('Toaster', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows toasts in a live region and dismisses them on request', async () => {
    render(<Toaster />);
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region.querySelector('[aria-live="polite"]')).not.toBeNull();
    act(() => {
      showToast('Summary copied', { variant: 'success', duration: 0 });
    });
    expect(region.textContent).toContain('Summary copied');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(region.textContent).not.toContain('Summary copied');
  });

  it('announces failures as alerts and removes toasts after their duration', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    let id = 0;
    act(() => {
      id = showToast('Failed to delete summary', { variant: 'destructive', duration: 1000 });
    });
    expect(screen.getByRole('alert').textContent).toContain('Failed to delete summary');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => dismissToast(id));
  });
});
