import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';
import { Dialog } from './dialog';
import { Sheet } from './sheet';
import { SUCCESS_DIALOG_MS, SuccessDialog } from './success-dialog';

afterEach(cleanup);

function Opener({ label, title }: { label: string; title: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{label}</Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={title}
        description={`${title} description`}
        footer={<Button onClick={() => setOpen(false)}>Done</Button>}
      >
        <input aria-label={`${title} field`} />
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('is labelled by its title and described by its description', async () => {
    render(<Opener label="Open" title="Edit summary" />);
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit summary' });
    const describedBy = dialog.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Edit summary description');
    expect(document.documentElement.classList.contains('ui-scroll-lock')).toBe(true);
  });

  it('moves focus inside, closes on Esc and returns focus to the opener', async () => {
    render(<Opener label="Open" title="Edit summary" />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await userEvent.click(opener);
    expect(document.activeElement).toBe(
      screen.getByRole('textbox', { name: 'Edit summary field' }),
    );
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.documentElement.classList.contains('ui-scroll-lock')).toBe(false);
  });

  it('closes with the × button and the footer action', async () => {
    render(<Opener label="Open" title="Edit summary" />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close dialog' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps one modal at a time: opening another dismisses the first', async () => {
    function Both() {
      const [first, setFirst] = useState(false);
      const [second, setSecond] = useState(false);
      return (
        <>
          <Button onClick={() => setFirst(true)}>Open first</Button>
          <Dialog
            open={first}
            onOpenChange={setFirst}
            title="First"
            footer={<Button onClick={() => setSecond(true)}>Open second</Button>}
          />
          <Dialog open={second} onOpenChange={setSecond} title="Second" />
        </>
      );
    }
    render(<Both />);
    const opener = screen.getByRole('button', { name: 'Open first' });
    await userEvent.click(opener);
    await userEvent.click(screen.getByRole('button', { name: 'Open second' }));
    expect(screen.queryByRole('dialog', { name: 'First' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Second' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    // The second was opened from inside the first, so focus goes back to the first's opener.
    expect(document.activeElement).toBe(opener);
  });
});

describe('ConfirmDialog', () => {
  it('asks before an irreversible action, starting on Cancel', async () => {
    const onConfirm = vi.fn();
    function Confirm() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <Button onClick={() => setOpen(true)}>Delete summary</Button>
          <ConfirmDialog
            open={open}
            onOpenChange={setOpen}
            title="Delete summary?"
            onConfirm={onConfirm}
          />
        </>
      );
    }
    render(<Confirm />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete summary' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete summary?' });
    expect(dialog.textContent).toContain('This action cannot be undone');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Delete summary' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('SuccessDialog', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('closes itself after 2000 ms', () => {
    vi.useFakeTimers();
    const onOpenChange = vi.fn();
    render(
      <SuccessDialog
        open
        onOpenChange={onOpenChange}
        title="Updated!"
        description="Summary updated successfully"
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Updated!' }).textContent).toContain(
      'Summary updated successfully',
    );
    act(() => vi.advanceTimersByTime(SUCCESS_DIALOG_MS - 1));
    expect(onOpenChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(SUCCESS_DIALOG_MS).toBe(2000);
  });
});

describe('Sheet', () => {
  it('opens as a labelled modal panel and closes on Esc', async () => {
    function Menu() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <Button onClick={() => setOpen(true)}>Open menu</Button>
          <Sheet open={open} onOpenChange={setOpen} title="Menu">
            <a href="/history">History</a>
          </Sheet>
        </>
      );
    }
    render(<Menu />);
    const opener = screen.getByRole('button', { name: 'Open menu' });
    await userEvent.click(opener);
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
