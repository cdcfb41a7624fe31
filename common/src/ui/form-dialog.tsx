import type { FormEvent, ReactNode } from 'react';
import { ErrorAlert } from 'common/ui/alert';
import { Button } from 'common/ui/button';
import type { ButtonVariant } from 'common/ui/button';
import { Dialog } from 'common/ui/dialog';

export interface FormDialogProps {
  open: boolean;
  /** Esc, ×, the backdrop or Cancel. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  /** The submit button's text, e.g. "Add credits". */
  submitLabel: string;
  submitVariant?: ButtonVariant;
  /** Disables the buttons and shows a spinner on submit. */
  submitting: boolean;
  /** The last failure of the action, shown in a red alert above the fields (SPEC.md §8). */
  failure: string | null;
  onSubmit: () => void;
  /** The fields. */
  children: ReactNode;
}

/**
 * A dialog holding one small form (add credits, change role, a review): the fields, a red alert
 * for a failed submit, Cancel and the submit button. Validation is the caller's; the browser's
 * own is off so the product's messages show.
 */
export function FormDialog({
  open,
  onClose,
  title,
  description,
  submitLabel,
  submitVariant = 'default',
  submitting,
  failure,
  onSubmit,
  children,
}: FormDialogProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={title}
      description={description}
    >
      <form className="ui-stack" noValidate onSubmit={submit}>
        <ErrorAlert message={failure} />
        {children}
        <div className="ui-dialog__footer">
          <Button variant="outline" disabled={submitting} onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant={submitVariant} loading={submitting}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
