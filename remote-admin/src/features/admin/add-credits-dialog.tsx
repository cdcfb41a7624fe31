import { useRef, useState } from 'react';
import { FALLBACK_MESSAGES } from 'common/api-client';
import { FormDialog } from 'common/ui/form-dialog';
import { FormField } from 'common/ui/form-field';
import { useSubmission } from 'common/use-submission';
import { Input } from 'common/ui/input';
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
  const [value, setValue] = useState(DEFAULT_CREDITS_TO_ADD);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const { submitting, failure, run } = useSubmission(FALLBACK_MESSAGES.addCredits);
  const inputRef = useRef<HTMLInputElement>(null);

  const submit = async () => {
    if (!user) return;
    const parsed = parseCreditsToAdd(value);
    if ('error' in parsed) {
      setFieldError(parsed.error);
      inputRef.current?.focus();
      return;
    }
    await run(() => onSubmit(user, parsed.credits));
  };

  return (
    <FormDialog
      open={user !== null}
      onClose={onClose}
      title="Add Credits"
      description={user ? `${user.name} has ${user.credits} credits.` : undefined}
      submitLabel="Add Credits"
      submitting={submitting}
      failure={failure}
      onSubmit={() => void submit()}
    >
      <FormField label="Credits to add" error={fieldError}>
        {(control) => (
          <Input
            {...control}
            ref={inputRef}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setFieldError(undefined);
            }}
          />
        )}
      </FormField>
    </FormDialog>
  );
}
