import { useState } from 'react';
import { CreditsField, useCreditsInput } from 'common/components/credits-field';
import { FormDialog } from 'common/ui/form-dialog';
import { FormField } from 'common/ui/form-field';
import { Textarea } from 'common/ui/textarea';
import { useSubmission } from 'common/use-submission';
import { ADMIN_CREDIT_MESSAGES } from '../../lib/credit-requests-api';
import type { AdminCreditRequest, CreditDecision } from '../../lib/credit-requests-api';
import { parseCreditsToAdd } from './credits-input';

export interface CreditDecisionDialogProps {
  /** The request and what to do with it; null keeps the dialog closed. */
  target: { request: AdminCreditRequest; decision: 'approved' | 'denied' } | null;
  onClose: () => void;
  /** Sends the decision; rejects with the failure (a 409 says who answered first). */
  onSubmit: (request: AdminCreditRequest, decision: CreditDecision) => Promise<void>;
}

/** Approve (the amount editable, as asked by default) or Deny (an optional note) a credit request. */
export function CreditDecisionDialog({ target, onClose, onSubmit }: CreditDecisionDialogProps) {
  const credits = useCreditsInput(target ? String(target.request.credits) : '', parseCreditsToAdd);
  const [note, setNote] = useState('');
  const { submitting, failure, run } = useSubmission(ADMIN_CREDIT_MESSAGES.decide);
  if (!target) return null;
  const { request, decision } = target;
  const approving = decision === 'approved';

  const submit = async () => {
    if (approving) {
      const amount = credits.read();
      if (amount === null) return;
      await run(() =>
        onSubmit(request, { decision: 'approved', credits: amount, note: note.trim() }),
      );
    } else {
      await run(() => onSubmit(request, { decision: 'denied', note: note.trim() }));
    }
  };

  return (
    <FormDialog
      open
      onClose={onClose}
      title={approving ? 'Approve credit request' : 'Deny credit request'}
      description={`${request.user.name} asked for ${request.credits} ${request.credits === 1 ? 'credit' : 'credits'} and has ${request.user.credits}.`}
      submitLabel={approving ? 'Approve' : 'Deny'}
      submitVariant={approving ? 'default' : 'destructive'}
      submitting={submitting}
      failure={failure}
      onSubmit={() => void submit()}
    >
      {approving ? <CreditsField input={credits} label="Credits to add" /> : null}
      <FormField label="Note to the user" hint="Optional">
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            maxLength={500}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        )}
      </FormField>
    </FormDialog>
  );
}
