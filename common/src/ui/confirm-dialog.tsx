import type { ReactNode } from 'react';
import { Button } from 'common/ui/button';
import type { ButtonVariant } from 'common/ui/button';
import { AlertDialog } from 'common/ui/dialog';

/** SPEC.md §5 "Confirmation". */
export const CONFIRM_DESCRIPTION = 'This action cannot be undone';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** The confirm button's look; destructive by default. */
  variant?: ButtonVariant;
  /** Called after the dialog closes on confirm; do the work (and report its failure) there. */
  onConfirm: () => void;
}

/**
 * An alertdialog asking to confirm an irreversible action. Focus starts on Cancel, so a stray
 * Enter never deletes; Esc cancels.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description = CONFIRM_DESCRIPTION,
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
  variant = 'destructive',
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <AlertDialog
      open={open}
      onOpenChange={onOpenChange}
      hideClose
      title={title}
      description={description}
      footer={
        <>
          <Button variant="outline" data-autofocus onClick={() => onOpenChange(false)}>
            {cancelLabel}
          </Button>
          <Button
            variant={variant}
            onClick={() => {
              onOpenChange(false);
              onConfirm();
            }}
          >
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
