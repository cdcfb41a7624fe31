import type { ReactNode } from 'react';
import { Link, NavLink } from 'common/router';
import { buttonClassName } from 'common/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from 'common/ui/card';
import { BrandMark } from 'common/ui/icons';
import './auth-page.css';

interface AuthLayoutProps {
  title: string;
  description: string;
  children: ReactNode;
  footer: ReactNode;
}

/** The frame of /login and /register: a signed-out header and one centred card. */
export function AuthLayout({ title, description, children, footer }: AuthLayoutProps) {
  return (
    <div className="auth">
      <header className="auth-header">
        <Link to="/" className="ui-brand" aria-label="Brevity home">
          <BrandMark />
          <span>Brevity</span>
        </Link>
        <nav aria-label="Account" className="auth-header__nav">
          <NavLink to="/login" className={buttonClassName({ variant: 'ghost', size: 'sm' })}>
            Login
          </NavLink>
          <NavLink to="/register" className={buttonClassName({ size: 'sm' })}>
            Get Started
          </NavLink>
        </nav>
      </header>
      <main id="main-content" className="auth-main">
        <Card className="auth-card">
          <CardHeader className="auth-card__header">
            <CardTitle as="h1" className="auth-card__title">
              {title}
            </CardTitle>
            <CardDescription>{description}</CardDescription>
          </CardHeader>
          <CardContent>{children}</CardContent>
          <CardFooter className="auth-card__footer">{footer}</CardFooter>
        </Card>
      </main>
    </div>
  );
}
