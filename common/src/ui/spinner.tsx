import { cx } from 'common/cx';
import { LoaderIcon } from 'common/ui/icons';

export interface SpinnerProps {
  /** What is loading, for screen readers (and on screen with `showLabel`). */
  label?: string;
  showLabel?: boolean;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const sizes = { sm: 16, md: 24, lg: 36 } as const;

/** A loading indicator announced politely: role="status", named "Loading" unless told otherwise. */
export function Spinner({
  label = 'Loading',
  showLabel = false,
  size = 'md',
  className,
}: SpinnerProps) {
  return (
    <span role="status" aria-label={label} className={cx('ui-spinner', className)}>
      <LoaderIcon size={sizes[size]} className="ui-spin" />
      <span className={showLabel ? 'ui-spinner__label' : 'ui-sr-only'}>{label}</span>
    </span>
  );
}
