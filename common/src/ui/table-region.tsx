import type { ReactNode } from 'react';
import { cx } from 'common/cx';

interface TableRegionProps {
  /** The region's accessible name, e.g. "Users". */
  label: string;
  className?: string;
  /** The table's head and body. */
  children: ReactNode;
}

/**
 * A table that scrolls sideways inside its card: a named region, focusable so that a keyboard
 * can scroll it without a mouse.
 */
export function TableRegion({ label, className, children }: TableRegionProps) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className={cx('ui-table-wrap', className)} role="region" aria-label={label} tabIndex={0}>
      <table className="ui-table">{children}</table>
    </div>
  );
}
