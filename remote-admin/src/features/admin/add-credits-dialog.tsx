import { FALLBACK_MESSAGES } from 'common/api-client';
import { CreditsField, useCreditsInput } from 'common/components/credits-field';
import { FormDialog } from 'common/ui/form-dialog';
import { useSubmission } from 'common/use-submission';
import type { User } from 'common/user';
import { DEFAULT_CREDITS_TO_ADD, parseCreditsToAdd } from './credits-input';

export interface AddCreditsDialogProps {
  /** The user to recharge; null keeps the dialog closed. */
  user: User | null;
  onClose: () => void;
  /** Adds the credits; rejects with the failure, which the dialog shows in a red alert. */
  onSubmit: (user: User, credits: number) => Promise<void>;
}

/** Add credits (SPEC.md §5): 10 by default, a positive number, sent as an integer. */
export function AddCreditsDialog({ user, onClose, onSubmit }: AddCreditsDialogProps) {
  const credits = useCreditsInput(DEFAULT_CREDITS_TO_ADD, parseCreditsToAdd);
  const { submitting, failure, run } = useSubmission(FALLBACK_MESSAGES.addCredits);

  const submit = async () => {
    if (!user) return;
    const amount = credits.read();
    if (amount === null) return;
    await run(() => onSubmit(user, amount));
  };

  return (
    <FormDialog
      open={user !== null}
      onClose={onClose}
      title="Add credits"
      description={user ? `${user.name} has ${user.credits} credits.` : undefined}
      submitLabel="Add credits"
      submitting={submitting}
      failure={failure}
      onSubmit={() => void submit()}
    >
      <CreditsField input={credits} label="Credits to add" />
    </FormDialog>
  );
}
