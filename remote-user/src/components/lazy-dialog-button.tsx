import { Suspense, useState } from 'react';
import type { ReactNode } from 'react';
import { Button } from 'common/ui/button';

/** How a summary's action button looks and reads (Share, Versions). */
export interface DialogButtonLook {
  /** Styling of the opening button. */
  variant?: 'outline' | 'ghost';
  /** Read after the label by screen readers, to tell cards apart. */
  srContext?: string;
  disabled?: boolean;
}

export interface LazyDialogButtonProps extends DialogButtonLook {
  label: string;
  icon: ReactNode;
  /** Starts loading the dialog's code: called when the pointer or focus reaches the button. */
  preload: () => void;
  /** The dialog (a lazy component), rendered while open; `close` closes it. */
  dialog: (close: () => void) => ReactNode;
}

/**
 * A button that opens a dialog whose code is loaded only when needed, so it stays out of the
 * pages' first chunks (issue 12): loading starts before the click, and nothing shifts while it
 * arrives, the dialog being a modal over the page.
 */
export function LazyDialogButton({
  label,
  icon,
  preload,
  dialog,
  variant = 'outline',
  srContext,
  disabled,
}: LazyDialogButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        size="sm"
        aria-haspopup="dialog"
        disabled={disabled}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen(true)}
      >
        {icon}
        {label}
        {srContext ? <span className="ui-sr-only"> {srContext}</span> : null}
      </Button>
      {open ? <Suspense fallback={null}>{dialog(() => setOpen(false))}</Suspense> : null}
    </>
  );
}
