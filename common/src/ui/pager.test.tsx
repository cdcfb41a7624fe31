import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pager } from './pager';
import { Skeleton } from './skeleton';
import { Spinner } from './spinner';

afterEach(cleanup);

describe('Pager', () => {
  it('shows first, last, neighbours and ellipses, marking the current page', () => {
    render(<Pager page={5} totalPages={10} onPageChange={() => undefined} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    const pages = screen
      .getAllByRole('button', { name: /^Page / })
      .map((button) => button.textContent);
    expect(pages).toEqual(['1', '4', '5', '6', '10']);
    expect(nav.textContent?.match(/…/g)).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Page 5' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(screen.getByRole('button', { name: 'Page 4' }).hasAttribute('aria-current')).toBe(false);
  });

  it('moves with Previous, Next and page buttons, disabled at the ends', async () => {
    const onPageChange = vi.fn();
    const { rerender } = render(<Pager page={1} totalPages={3} onPageChange={onPageChange} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await userEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(onPageChange.mock.calls).toEqual([[2], [3]]);
    rerender(<Pager page={3} totalPages={3} onPageChange={onPageChange} />);
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
  });

  it('renders nothing for a single page', () => {
    const { container } = render(<Pager page={1} totalPages={1} onPageChange={() => undefined} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('Spinner and Skeleton', () => {
  it('announce loading politely and stay out of the accessibility tree', () => {
    render(
      <>
        <Spinner />
        <Spinner label="Loading your account" showLabel />
        <Skeleton data-testid="skeleton" />
      </>,
    );
    expect(screen.getByRole('status', { name: 'Loading' })).toBeVisible();
    expect(screen.getByRole('status', { name: 'Loading your account' })).toBeVisible();
    expect(screen.getByTestId('skeleton').getAttribute('aria-hidden')).toBe('true');
  });
});
