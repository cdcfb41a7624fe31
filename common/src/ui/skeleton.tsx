import type { ComponentProps } from 'react';
import { cx } from 'common/cx';

/** A pulsing placeholder; hidden from assistive tech (mark the loading region aria-busy). */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cx('ui-skeleton', className)} {...props} />;
}
