import { useRef, useState } from 'react';
import { FormDialog } from 'common/ui/form-dialog';
import { FormField } from 'common/ui/form-field';
import { Input } from 'common/ui/input';
import { Textarea } from 'common/ui/textarea';
import { useSubmission } from 'common/use-submission';
import { CREDIT_MESSAGES } from '../../lib/credits/credits-api';

export const DEFAULT_REQUEST_CREDITS = '10';
export const MAX_REQUEST_CREDITS = 1000;
export const MAX_REASON_CHARS = 500;
export const REQUEST_AMOUNT_MESSAGE = 'Please enter a whole number from 1 to 1,000';
export const REQUEST_REASON_MESSAGE = `Please keep the reason under ${MAX_REASON_CHARS} characters`;

/** The amount typed, as a whole number of credits from 1 to 1,000, or the message to show. */
export function parseRequestCredits(value: string): { credits: number } | { error: string } {
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
  const [amount, setAmount] = useState(DEFAULT_REQUEST_CREDITS);
  const [reason, setReason] = useState('');
  const [amountError, setAmountError] = useState<string | undefined>();
  const [reasonError, setReasonError] = useState<string | undefined>();
  const { submitting, failure, run } = useSubmission(CREDIT_MESSAGES.sendRequest);
  const amountRef = useRef<HTMLInputElement>(null);

  const submit = async () => {
    const parsed = parseRequestCredits(amount);
    if ('error' in parsed) {
      setAmountError(parsed.error);
      amountRef.current?.focus();
      return;
    }
    if ([...reason.trim()].length > MAX_REASON_CHARS) {
      setReasonError(REQUEST_REASON_MESSAGE);
      return;
    }
    await run(() => onSubmit(parsed.credits, reason.trim()));
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
      <FormField label="Credits" error={amountError} hint="From 1 to 1,000">
        {(control) => (
          <Input
            {...control}
            ref={amountRef}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_REQUEST_CREDITS}
            step={1}
            value={amount}
            onChange={(event) => {
              setAmount(event.target.value);
              setAmountError(undefined);
            }}
          />
        )}
      </FormField>
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
