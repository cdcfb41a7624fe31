import type { ReactNode } from 'react';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from 'common/ui/card';
import { BrandLink } from '../../components/brand-link';
import { SignedOutLinks } from '../../components/signed-out-links';
import '../../components/site-header.css';
import './auth-page.css';

interface AuthLayoutProps {
  title: string;
  description: string;
  children: ReactNode;
  footer: ReactNode;
  /**
   * Shown under the card once known (the login page's demo hint). Nothing follows it, so its
   * arrival after the first paint moves nothing on the page.
   */
  after?: ReactNode;
}

/** The frame of /login and /register: a signed-out header and one centred card. */
export function AuthLayout({ title, description, children, footer, after }: AuthLayoutProps) {
  return (
    <div className="auth">
      <header className="site-header__bar auth-header">
        <BrandLink />
        <SignedOutLinks className="site-header__links auth-header__nav" />
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
        {after}
      </main>
    </div>
  );
}
