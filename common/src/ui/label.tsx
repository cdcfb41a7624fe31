import type { ComponentProps } from 'react';
import { cx } from 'common/cx';

/** A form label; pass `htmlFor` (FormField does it for you). */
export function Label({ className, htmlFor, children, ...props }: ComponentProps<'label'>) {
  return (
    <label htmlFor={htmlFor} className={cx('ui-label', className)} {...props}>
      {children}
    </label>
  );
}
