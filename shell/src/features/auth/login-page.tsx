import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'common/router';
import { getPortalConfig } from 'common/portal-config';
import type { PortalConfig } from 'common/portal-config';
import { login } from 'common/session';
import { useAppDispatch } from 'common/store';
import { validateLogin } from 'common/text';
import { Alert, AlertDescription, AlertTitle } from 'common/ui/alert';
import { Button } from 'common/ui/button';
import { AuthForm, EMAIL_FIELD } from './auth-form';
import type { AuthField } from './auth-form';
import { AuthLayout } from './auth-layout';
import { loginRedirectTarget } from './login-redirect';
import { useAuthForm } from './use-auth-form';

const LOGIN_FIELDS = [
  EMAIL_FIELD,
  {
    name: 'password',
    label: 'Password',
    kind: 'password',
    autoComplete: 'current-password',
    placeholder: 'Your password',
    maxLength: 128,
  },
] as const satisfies readonly AuthField<'email' | 'password'>[];

type DemoCredentials = NonNullable<PortalConfig['demo']>;

/** The demo account the server advertises, or null (then no hint is shown). */
function useDemoCredentials(): DemoCredentials | null {
  const [demo, setDemo] = useState<DemoCredentials | null>(null);
  useEffect(() => {
    let current = true;
    getPortalConfig().then(
      (config) => {
        if (current) setDemo(config.demo);
      },
      // Without the configuration there is simply no hint; signing in still works.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return demo;
}

/** /login (SPEC.md §2): "Welcome Back", email and password, the demo hint, the auth error. */
export function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const demo = useDemoCredentials();
  const form = useAuthForm({ email: '', password: '' }, 'login');
  const { loading } = form;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const entered = form.read(event.currentTarget);
    if (loading || !form.accept(validateLogin(entered))) return;
    const result = await dispatch(login({ email: entered.email, password: entered.password }));
    if (login.fulfilled.match(result)) {
      void navigate(loginRedirectTarget(location.state), { replace: true });
    }
  };

  const fillDemo = () => {
    if (!demo) return;
    form.setValues({ email: demo.email, password: demo.password });
  };

  return (
    <AuthLayout
      title="Welcome Back"
      description="Sign in to your account to keep summarizing."
      after={
        demo ? (
          <Alert className="auth-demo">
            <AlertTitle>Try the demo account</AlertTitle>
            <AlertDescription>
              <dl className="auth-demo__credentials">
                <div>
                  <dt>Email</dt>
                  <dd>{demo.email}</dd>
                </div>
                <div>
                  <dt>Password</dt>
                  <dd>{demo.password}</dd>
                </div>
              </dl>
              <Button variant="link" size="sm" onClick={fillDemo}>
                Fill in the demo account
              </Button>
            </AlertDescription>
          </Alert>
        ) : null
      }
      footer={
        <p className="auth-switch">
          Don&apos;t have an account? <Link to="/register">Sign up</Link>
        </p>
      }
    >
      <AuthForm form={form} fields={LOGIN_FIELDS} submitLabel="Sign In" onSubmit={submit} />
    </AuthLayout>
  );
}
