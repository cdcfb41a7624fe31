import { useRef, useState } from 'react';
import { FALLBACK_MESSAGES } from 'common/api-client';
import { ROLES, isRole, roleLabel } from 'common/roles';
import type { Role } from 'common/roles';
import { FormDialog } from 'common/ui/form-dialog';
import { FormField } from 'common/ui/form-field';
import { useSubmission } from 'common/use-submission';
import type { User } from 'common/user';

/** SPEC.md §5 "Change role". */
export const SELECT_ROLE_MESSAGE = 'Please select a role';

export interface ChangeRoleDialogProps {
  /** The user whose role changes; null keeps the dialog closed. */
  user: User | null;
  onClose: () => void;
  /** Changes the role; rejects with the failure, which the dialog shows in a red alert. */
  onSubmit: (user: User, role: Role) => Promise<void>;
}

/**
 * Change role (SPEC.md §5): one of user, editor, reviewer, admin must be chosen; choosing the
 * current role closes the dialog without a call.
 */
export function ChangeRoleDialog({ user, onClose, onSubmit }: ChangeRoleDialogProps) {
  const [role, setRole] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const { submitting, failure, run } = useSubmission(FALLBACK_MESSAGES.changeRole);
  const selectRef = useRef<HTMLSelectElement>(null);

  const submit = async () => {
    if (!user) return;
    if (!isRole(role)) {
      setFieldError(SELECT_ROLE_MESSAGE);
      selectRef.current?.focus();
      return;
    }
    if (role === user.role) {
      onClose();
      return;
    }
    await run(() => onSubmit(user, role));
  };

  return (
    <FormDialog
      open={user !== null}
      onClose={onClose}
      title="Change role"
      description={user ? `${user.name} is currently ${roleLabel(user.role)}.` : undefined}
      submitLabel="Change role"
      submitting={submitting}
      failure={failure}
      onSubmit={() => void submit()}
    >
      <FormField label="New role" error={fieldError}>
        {(control) => (
          <select
            {...control}
            ref={selectRef}
            className="ui-input admin-select"
            value={role}
            onChange={(event) => {
              setRole(event.target.value);
              setFieldError(undefined);
            }}
          >
            <option value="" disabled>
              Select a role
            </option>
            {ROLES.map((option) => (
              <option key={option} value={option}>
                {roleLabel(option)}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </FormDialog>
  );
}
