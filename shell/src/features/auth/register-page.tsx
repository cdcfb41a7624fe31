import type { FormEvent } from 'react';
import { Link, useNavigate } from 'common/router';
import { register } from 'common/session';
import { useAppDispatch } from 'common/store';
import { validateRegister } from 'common/text';
import { AuthForm, EMAIL_FIELD } from './auth-form';
import type { AuthField } from './auth-form';
import { AuthLayout } from './auth-layout';
import { DEFAULT_SIGNED_IN_PATH } from './login-redirect';
import { useAuthForm } from './use-auth-form';

type RegisterField = 'name' | 'email' | 'password' | 'confirmPassword';

const REGISTER_FIELDS = [
  {
    name: 'name',
    label: 'Full name',
    kind: 'text',
    autoComplete: 'name',
    placeholder: 'Ada Lovelace',
    maxLength: 100,
  },
  EMAIL_FIELD,
  {
    name: 'password',
    label: 'Password',
    kind: 'password',
    autoComplete: 'new-password',
    hint: 'At least 6 characters.',
    maxLength: 128,
  },
  {
    name: 'confirmPassword',
    label: 'Confirm password',
    kind: 'password',
    autoComplete: 'new-password',
    maxLength: 128,
  },
] as const satisfies readonly AuthField<RegisterField>[];

/** /register (SPEC.md §2): name, email, password and its confirmation; a new account opens /dashboard. */
export function RegisterPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const form = useAuthForm({ name: '', email: '', password: '', confirmPassword: '' }, 'register');
  const { loading } = form;

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
      <AuthForm
        form={form}
        fields={REGISTER_FIELDS}
        submitLabel="Create account"
        onSubmit={submit}
      />
    </AuthLayout>
  );
}
