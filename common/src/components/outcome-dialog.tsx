import { ErrorDialog } from 'common/ui/error-dialog';
import { SuccessDialog } from 'common/ui/success-dialog';

/**
 * How a staff action ended: a success dialog that closes itself after 2 s (SPEC.md §8:
 * "Credits Added!", "Updated!"...) or an error dialog with the failure's message.
 */
export type Outcome =
  | { kind: 'success'; title: string; description?: string }
  | { kind: 'error'; message: string; title?: string };

export interface OutcomeDialogProps {
  /** The outcome to show; null shows nothing. */
  outcome: Outcome | null;
  onClose: () => void;
}

/** Shows an Outcome: SuccessDialog for a success, ErrorDialog for a failure. */
export function OutcomeDialog({ outcome, onClose }: OutcomeDialogProps) {
  const close = (open: boolean) => {
    if (!open) onClose();
  };
  return (
    <>
      <SuccessDialog
        open={outcome?.kind === 'success'}
        onOpenChange={close}
        title={outcome?.kind === 'success' ? outcome.title : ''}
        description={outcome?.kind === 'success' ? outcome.description : undefined}
      />
      <ErrorDialog
        open={outcome?.kind === 'error'}
        onOpenChange={close}
        title={outcome?.kind === 'error' ? outcome.title : undefined}
        message={outcome?.kind === 'error' ? outcome.message : ''}
      />
    </>
  );
}
