import type { ComponentProps } from 'react';
import { cx } from 'common/cx';

/** A single-line text input; mark it invalid with `aria-invalid` (FormField does it for you). */
export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cx('ui-input', className)} {...props} />;
}
