import type { FormEvent } from 'react';
import { Alert, AlertDescription } from 'common/ui/alert';
import { Button } from 'common/ui/button';
import { FormField } from 'common/ui/form-field';
import { Input } from 'common/ui/input';
import { PasswordInput } from 'common/ui/password-input';
import type { useAuthForm } from './use-auth-form';

/** One input of an auth form, described as data so login and register draw fields one way. */
export interface AuthField<Field extends string> {
  name: Field;
  label: string;
  kind: 'text' | 'email' | 'password';
  autoComplete: string;
  maxLength: number;
  placeholder?: string;
  hint?: string;
}

/** The email field, the same on both forms. */
export const EMAIL_FIELD = {
  name: 'email',
  label: 'Email',
  kind: 'email',
  autoComplete: 'email',
  placeholder: 'you@example.com',
  maxLength: 254,
} as const satisfies AuthField<'email'>;

interface AuthFormProps<Field extends string> {
  form: ReturnType<typeof useAuthForm<Field>>;
  fields: readonly AuthField<Field>[];
  submitLabel: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void | Promise<void>;
}

/**
 * The auth error above the fields, each field with its label, hint and error, and the submit
 * button, disabled until hydration so the prerendered form never submits natively.
 */
export function AuthForm<Field extends string>({
  form,
  fields,
  submitLabel,
  onSubmit,
}: AuthFormProps<Field>) {
  const { values, fieldErrors, loading, error, fieldId, onChange } = form;
  return (
    <div className="auth-stack">
      {error ? (
        <Alert variant="destructive">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}
      <form className="auth-form" noValidate onSubmit={onSubmit}>
        {fields.map(({ name, label, kind, hint, ...input }) => (
          <FormField
            key={name}
            id={fieldId(name)}
            label={label}
            hint={hint}
            error={fieldErrors[name]}
          >
            {(control) =>
              kind === 'password' ? (
                <PasswordInput
                  {...control}
                  {...input}
                  name={name}
                  value={values[name]}
                  onChange={onChange(name)}
                />
              ) : (
                <Input
                  {...control}
                  {...input}
                  type={kind === 'email' ? 'email' : undefined}
                  inputMode={kind === 'email' ? 'email' : undefined}
                  name={name}
                  value={values[name]}
                  onChange={onChange(name)}
                />
              )
            }
          </FormField>
        ))}
        <Button type="submit" size="lg" block loading={loading} disabled={!form.hydrated}>
          {submitLabel}
        </Button>
      </form>
    </div>
  );
}
