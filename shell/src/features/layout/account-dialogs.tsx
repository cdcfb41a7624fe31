import { useState } from 'react';
import { ApiError, api, request } from 'common/api-client';
import { useNavigate } from 'common/router';
import { authSuccess, logout } from 'common/session';
import { useAppDispatch } from 'common/store';
import { ConfirmDialog } from 'common/ui/confirm-dialog';
import { FormDialog } from 'common/ui/form-dialog';
import { FormField } from 'common/ui/form-field';
import { PasswordInput } from 'common/ui/password-input';
import { showToast } from 'common/ui/toast';

/*
 * The account menu's Change password and Sign out of all devices (API.md "Additions, round 3":
 * PUT /api/auth/password, POST /api/auth/logout-all). The navbar's Logout stays local.
 */

const CHANGE_PASSWORD_FAILED = 'Failed to change password';
const SIGN_OUT_ALL_FAILED = 'Failed to sign out of all devices';

type PasswordField = 'currentPassword' | 'newPassword';
type FieldErrors = Partial<Record<PasswordField, string>>;

/** The server's rules, checked before sending (it checks them again). */
function checkPasswords(currentPassword: string, newPassword: string): FieldErrors {
  const errors: FieldErrors = {};
  if (currentPassword === '') errors.currentPassword = 'Current password is required';
  if (newPassword === '') errors.newPassword = 'New password is required';
  else if (newPassword.length < 6)
    errors.newPassword = 'New password must be at least 6 characters';
  else if (newPassword.length > 128) {
    errors.newPassword = 'New password must be at most 128 characters';
  }
  return errors;
}

/** The field errors a 400 named, for the two fields of the form. */
function serverFieldErrors(error: ApiError): FieldErrors {
  const errors: FieldErrors = {};
  for (const { field, message } of error.errors ?? []) {
    if (field === 'currentPassword' || field === 'newPassword') errors[field] ??= message;
  }
  return errors;
}

/**
 * Change password: the current and the new password, each with its own error; on success the
 * fresh token the server answers replaces this tab's (every other token has stopped working)
 * and a toast says so.
 */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const close = () => {
    setCurrentPassword('');
    setNewPassword('');
    setFieldErrors({});
    setFailure(null);
    onClose();
  };

  const submit = async () => {
    const errors = checkPasswords(currentPassword, newPassword);
    setFieldErrors(errors);
    setFailure(null);
    if (Object.keys(errors).length > 0) return;
    setSubmitting(true);
    try {
      const { data } = await request(
        () => api.auth.password.$put({ json: { currentPassword, newPassword } }),
        CHANGE_PASSWORD_FAILED,
      );
      dispatch(authSuccess({ token: data.token, user: data.user }));
      showToast('Your password was changed. Other devices are signed out.', {
        variant: 'success',
        title: 'Password changed',
      });
      close();
    } catch (error) {
      const named = error instanceof ApiError ? serverFieldErrors(error) : {};
      if (Object.keys(named).length > 0) setFieldErrors(named);
      else setFailure(error instanceof Error ? error.message : CHANGE_PASSWORD_FAILED);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <FormDialog
      open={open}
      onClose={close}
      title="Change password"
      description="Every other device signed in to your account will be signed out."
      submitLabel="Change password"
      submitting={submitting}
      failure={failure}
      onSubmit={() => void submit()}
    >
      <FormField label="Current password" error={fieldErrors.currentPassword}>
        {(control) => (
          <PasswordInput
            {...control}
            autoComplete="current-password"
            value={currentPassword}
            onChange={(event) => setCurrentPassword(event.target.value)}
          />
        )}
      </FormField>
      <FormField label="New password" error={fieldErrors.newPassword} hint="6 to 128 characters">
        {(control) => (
          <PasswordInput
            {...control}
            autoComplete="new-password"
            value={newPassword}
            onChange={(event) => setNewPassword(event.target.value)}
          />
        )}
      </FormField>
    </FormDialog>
  );
}

/**
 * Sign out of all devices: asks first, then ends every token of the account on the server and
 * signs this tab out. A failure leaves the tab signed in and says why in a toast.
 */
export function SignOutEverywhereDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const signOutEverywhere = async () => {
    try {
      await request(() => api.auth['logout-all'].$post(), SIGN_OUT_ALL_FAILED);
    } catch (error) {
      showToast(error instanceof Error ? error.message : SIGN_OUT_ALL_FAILED, {
        variant: 'destructive',
        title: SIGN_OUT_ALL_FAILED,
      });
      return;
    }
    dispatch(logout());
    void navigate('/login', { replace: true });
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Sign out of all devices?"
      description="Every device signed in to your account, this one included, will be signed out."
      confirmLabel="Sign out everywhere"
      onConfirm={() => void signOutEverywhere()}
    />
  );
}
