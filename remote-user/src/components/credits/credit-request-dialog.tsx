import { useState } from 'react';
import { CreditsField, useCreditsInput } from 'common/components/credits-field';
import type { ParsedCredits } from 'common/components/credits-field';
import { FormDialog } from 'common/ui/form-dialog';
import { FormField } from 'common/ui/form-field';
import { Textarea } from 'common/ui/textarea';
import { useSubmission } from 'common/use-submission';
import { CREDIT_MESSAGES } from '../../lib/credits/credits-api';

export const DEFAULT_REQUEST_CREDITS = '10';
export const MAX_REQUEST_CREDITS = 1000;
export const MAX_REASON_CHARS = 500;
export const REQUEST_AMOUNT_MESSAGE = 'Please enter a whole number from 1 to 1,000';
export const REQUEST_REASON_MESSAGE = `Please keep the reason under ${MAX_REASON_CHARS} characters`;

/** The amount typed, as a whole number of credits from 1 to 1,000, or the message to show. */
export function parseRequestCredits(value: string): ParsedCredits {
  const trimmed = value.trim();
  if (!/^\d+$/.test(trimmed)) return { error: REQUEST_AMOUNT_MESSAGE };
  const credits = Number(trimmed);
  if (credits < 1 || credits > MAX_REQUEST_CREDITS) return { error: REQUEST_AMOUNT_MESSAGE };
  return { credits };
}

export interface CreditRequestDialogProps {
  open: boolean;
  onClose: () => void;
  /** Sends the request; rejects with the failure, which the dialog shows in a red alert. */
  onSubmit: (credits: number, reason: string) => Promise<void>;
}

/** `Request credits`: an amount (1–1,000, 10 by default) and a reason, for an administrator. */
export function CreditRequestDialog({ open, onClose, onSubmit }: CreditRequestDialogProps) {
  const credits = useCreditsInput(DEFAULT_REQUEST_CREDITS, parseRequestCredits);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const { submitting, failure, run } = useSubmission(CREDIT_MESSAGES.sendRequest);

  const submit = async () => {
    const amount = credits.read();
    if (amount === null) return;
    if ([...reason.trim()].length > MAX_REASON_CHARS) {
      setReasonError(REQUEST_REASON_MESSAGE);
      return;
    }
    await run(() => onSubmit(amount, reason.trim()));
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Request credits"
      description="An administrator reads your request and answers it. You will get a notification."
      submitLabel="Send request"
      submitting={submitting}
      failure={failure}
      onSubmit={() => void submit()}
    >
      <CreditsField
        input={credits}
        label="Credits"
        hint="From 1 to 1,000"
        max={MAX_REQUEST_CREDITS}
      />
      <FormField label="Reason" error={reasonError} hint="Optional, at most 500 characters">
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setReasonError(undefined);
            }}
          />
        )}
      </FormField>
    </FormDialog>
  );
}
