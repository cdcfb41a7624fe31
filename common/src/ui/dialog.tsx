import { useId } from 'react';
import type { ReactNode } from 'react';
import { cx } from 'common/cx';
import { XIcon } from 'common/ui/icons';
import { useModalDialog } from 'common/modal';

export interface DialogProps {
  open: boolean;
  /** Called with false when Esc, the close button, the backdrop or another modal closes it. */
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Read with the title (aria-describedby). */
  description?: ReactNode;
  children?: ReactNode;
  /** Actions, right-aligned (stacked on small screens). */
  footer?: ReactNode;
  /** A decorative mark above the title. */
  icon?: ReactNode;
  /** alertdialog for confirmations that interrupt; the backdrop then does not close it. */
  role?: 'dialog' | 'alertdialog';
  size?: 'sm' | 'md' | 'lg';
  /** Hides the × button (the footer must then offer a way out; Esc still closes). */
  hideClose?: boolean;
  className?: string;
}

/**
 * A modal dialog on the native `<dialog>` (showModal): focus moves in and returns to the opener,
 * Esc closes, the title and description label it, and only one modal is open at a time.
 * Content renders only while open.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  icon,
  role = 'dialog',
  size = 'md',
  hideClose = false,
  className,
}: DialogProps) {
  const id = useId();
  const titleId = `dialog${id}title`;
  const descriptionId = `dialog${id}description`;
  const ref = useModalDialog({ open, onOpenChange, closeOnBackdrop: role === 'dialog' });
  return (
    <dialog
      ref={ref}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      tabIndex={-1}
      className={cx('ui-dialog', `ui-dialog--${size}`, className)}
    >
      {open ? (
        <div className="ui-dialog__panel">
          {hideClose ? null : (
            <button
              type="button"
              className="ui-dialog__close"
              aria-label="Close dialog"
              onClick={() => onOpenChange(false)}
            >
              <XIcon size={18} />
            </button>
          )}
          <div className="ui-dialog__header">
            {icon ? <div className="ui-dialog__icon">{icon}</div> : null}
            <h2 id={titleId} className="ui-dialog__title">
              {title}
            </h2>
            {description ? (
              <div id={descriptionId} className="ui-dialog__description">
                {description}
              </div>
            ) : null}
          </div>
          {children ? <div className="ui-dialog__body">{children}</div> : null}
          {footer ? <div className="ui-dialog__footer">{footer}</div> : null}
        </div>
      ) : null}
    </dialog>
  );
}

/**
 * A small alertdialog that interrupts to confirm or to tell a failure (the backdrop does not
 * close it): the confirm and error dialogs.
 */
export function AlertDialog(props: Omit<DialogProps, 'role' | 'size'>) {
  return <Dialog {...props} role="alertdialog" size="sm" />;
}
