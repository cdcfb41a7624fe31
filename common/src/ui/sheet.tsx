import { useId } from 'react';
import type { ReactNode } from 'react';
import { cx } from 'common/cx';
import { XIcon } from 'common/ui/icons';
import { useModalDialog } from 'common/modal';

export interface SheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Names the panel (shown in its header). */
  title: ReactNode;
  side?: 'left' | 'right';
  className?: string;
  children: ReactNode;
}

/**
 * A modal side panel (the navbar's menu on small screens), on the same native dialog as Dialog:
 * Esc, the × button and the backdrop close it; focus returns to the button that opened it.
 */
export function Sheet({
  open,
  onOpenChange,
  title,
  side = 'right',
  className,
  children,
}: SheetProps) {
  const titleId = `sheet${useId()}title`;
  const ref = useModalDialog({ open, onOpenChange, closeOnBackdrop: true });
  return (
    <dialog
      ref={ref}
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      className={cx('ui-sheet', `ui-sheet--${side}`, className)}
    >
      {open ? (
        <div className="ui-sheet__panel">
          <div className="ui-sheet__header">
            <h2 id={titleId} className="ui-sheet__title">
              {title}
            </h2>
            <button
              type="button"
              className="ui-dialog__close ui-sheet__close"
              aria-label="Close menu"
              onClick={() => onOpenChange(false)}
            >
              <XIcon size={18} />
            </button>
          </div>
          <div className="ui-sheet__body">{children}</div>
        </div>
      ) : null}
    </dialog>
  );
}
