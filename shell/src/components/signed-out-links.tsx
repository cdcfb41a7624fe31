import { NavLink } from 'common/router';
import { buttonClassName } from 'common/ui/button';

/** Login and Get Started, the header links a signed-out visitor sees (SPEC.md §2). */
export function SignedOutLinks({ className }: { className: string }) {
  return (
    <nav aria-label="Account" className={className}>
      <NavLink to="/login" className={buttonClassName({ variant: 'ghost', size: 'sm' })}>
        Login
      </NavLink>
      <NavLink to="/register" className={buttonClassName({ size: 'sm' })}>
        Get Started
      </NavLink>
    </nav>
  );
}
