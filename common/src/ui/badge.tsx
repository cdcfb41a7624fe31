import type { ComponentProps } from 'react';
import type { BadgeVariant } from 'common/badge-variant';
import { cx } from 'common/cx';

export type { BadgeVariant } from 'common/badge-variant';

export interface BadgeProps extends ComponentProps<'span'> {
  variant?: BadgeVariant;
}

/** A small label: a role, a status, a count. */
export function Badge({ variant = 'default', className, ...props }: BadgeProps) {
  return <span className={cx('ui-badge', `ui-badge--${variant}`, className)} {...props} />;
}
