import type { FormEvent } from 'react';
import { Link, useNavigate } from 'common/router';
import { register } from 'common/session';
import { useAppDispatch } from 'common/store';
import { validateRegister } from 'common/text';
import { Alert, AlertDescription } from 'common/ui/alert';
import { Button } from 'common/ui/button';
import { FormField } from 'common/ui/form-field';
import { Input } from 'common/ui/input';
import { PasswordInput } from 'common/ui/password-input';
import { AuthLayout } from './auth-layout';
import { DEFAULT_SIGNED_IN_PATH } from './login-redirect';
import { useAuthForm } from './use-auth-form';

/** /register (SPEC.md §2): name, email, password and its confirmation; a new account opens /dashboard. */
export function RegisterPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const form = useAuthForm({ name: '', email: '', password: '', confirmPassword: '' }, 'register');
  const { values, fieldErrors, loading, error, fieldId, onChange } = form;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const entered = form.read(event.currentTarget);
    if (loading || !form.accept(validateRegister(entered))) return;
    const result = await dispatch(
      register({ name: entered.name, email: entered.email, password: entered.password }),
    );
    if (register.fulfilled.match(result)) void navigate(DEFAULT_SIGNED_IN_PATH, { replace: true });
  };

  return (
    <AuthLayout
      title="Create your account"
      description="Start with 5 free credits. No credit card required."
      footer={
        <p className="auth-switch">
          Already have an account? <Link to="/login">Sign in</Link>
        </p>
      }
    >
      <div className="auth-stack">
        {error ? (
          <Alert variant="destructive">
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        ) : null}
        <form className="auth-form" noValidate onSubmit={submit}>
          <FormField id={fieldId('name')} label="Full Name" error={fieldErrors.name}>
            {(control) => (
              <Input
                {...control}
                name="name"
                autoComplete="name"
                placeholder="Ada Lovelace"
                maxLength={100}
                value={values.name}
                onChange={onChange('name')}
              />
            )}
          </FormField>
          <FormField id={fieldId('email')} label="Email" error={fieldErrors.email}>
            {(control) => (
              <Input
                {...control}
                type="email"
                name="email"
                autoComplete="email"
                inputMode="email"
                placeholder="you@example.com"
                maxLength={254}
                value={values.email}
                onChange={onChange('email')}
              />
            )}
          </FormField>
          <FormField
            id={fieldId('password')}
            label="Password"
            hint="At least 6 characters."
            error={fieldErrors.password}
          >
            {(control) => (
              <PasswordInput
                {...control}
                name="password"
                autoComplete="new-password"
                maxLength={128}
                value={values.password}
                onChange={onChange('password')}
              />
            )}
          </FormField>
          <FormField
            id={fieldId('confirmPassword')}
            label="Confirm Password"
            error={fieldErrors.confirmPassword}
          >
            {(control) => (
              <PasswordInput
                {...control}
                name="confirmPassword"
                autoComplete="new-password"
                maxLength={128}
                value={values.confirmPassword}
                onChange={onChange('confirmPassword')}
              />
            )}
          </FormField>
          <Button type="submit" size="lg" block loading={loading} disabled={!form.hydrated}>
            Create Account
          </Button>
        </form>
      </div>
    </AuthLayout>
  );
}
