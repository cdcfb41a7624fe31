import { Button } from 'common/ui/button';
import { AlertDialog } from 'common/ui/dialog';
import { AlertCircleIcon } from 'common/ui/icons';
import './error-dialog.css';

export interface ErrorDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The failure, ready to read (SPEC.md §8). */
  message: string;
  title?: string;
}

/**
 * A failed staff action told in a dialog (SPEC.md §8: "an error dialog"). An alertdialog
 * described by the message; focus starts on OK.
 */
export function ErrorDialog({ open, onOpenChange, message, title = 'Error' }: ErrorDialogProps) {
  return (
    <AlertDialog
      open={open}
      onOpenChange={onOpenChange}
      className="ui-dialog--error"
      icon={<AlertCircleIcon size={28} />}
      title={title}
      description={message}
      footer={
        <Button data-autofocus onClick={() => onOpenChange(false)}>
          OK
        </Button>
      }
    />
  );
}
