import type { ComponentProps } from 'react';
import { cx } from 'common/cx';

/** A multi-line text input that grows vertically by hand. */
export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cx('ui-textarea', className)} {...props} />;
}
