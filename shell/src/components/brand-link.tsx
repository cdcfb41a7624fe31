import { Link } from 'common/router';
import { BrandMark } from 'common/ui/icons';

/** The Brevity logo and name, linking home (or, for a signed-in user, to the dashboard). */
export function BrandLink({ to = '/', label = 'Brevity home' }: { to?: string; label?: string }) {
  return (
    <Link to={to} className="ui-brand" aria-label={label}>
      <BrandMark />
      <span>Brevity</span>
    </Link>
  );
}
