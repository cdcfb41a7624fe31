import { useEffect, useEffectEvent } from 'react';
import type { ReactNode } from 'react';
import { Dialog } from 'common/ui/dialog';
import { CheckCircleIcon } from 'common/ui/icons';

/** SPEC.md §9: success dialogs close after 2000 ms. */
export const SUCCESS_DIALOG_MS = 2000;

export interface SuccessDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** e.g. "Credits Added!", "Updated!" */
  title: ReactNode;
  /** e.g. "Summary updated successfully" */
  description?: ReactNode;
  /** Milliseconds before it closes itself. */
  duration?: number;
}

/** A confirmation that something worked; closes itself after SUCCESS_DIALOG_MS. */
export function SuccessDialog({
  open,
  onOpenChange,
  title,
  description,
  duration = SUCCESS_DIALOG_MS,
}: SuccessDialogProps) {
  const close = useEffectEvent(() => onOpenChange(false));
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => close(), duration);
    return () => clearTimeout(timer);
  }, [open, duration]);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="sm"
      className="ui-dialog--success"
      icon={<CheckCircleIcon size={28} />}
      title={title}
      description={description}
    />
  );
}
