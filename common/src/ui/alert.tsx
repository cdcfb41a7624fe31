import type { ComponentProps } from 'react';
import { cx } from 'common/cx';
import { AlertCircleIcon, CheckCircleIcon, InfoIcon } from 'common/ui/icons';

export type AlertVariant = 'default' | 'destructive' | 'success';

export interface AlertProps extends ComponentProps<'div'> {
  variant?: AlertVariant;
  /** Hides the leading icon. */
  plain?: boolean;
}

const icons = {
  default: InfoIcon,
  destructive: AlertCircleIcon,
  success: CheckCircleIcon,
} as const;

/**
 * A message box. A destructive alert is announced at once (role="alert"); a success alert
 * politely (role="status"); a default one is plain content such as a hint.
 */
export function Alert({
  variant = 'default',
  plain = false,
  className,
  children,
  ...props
}: AlertProps) {
  const Icon = icons[variant];
  const role = variant === 'destructive' ? 'alert' : variant === 'success' ? 'status' : undefined;
  return (
    <div
      role={role}
      className={cx('ui-alert', `ui-alert--${variant}`, plain && 'ui-alert--plain', className)}
      {...props}
    >
      {plain ? null : <Icon className="ui-alert__icon" size={18} />}
      <div className="ui-alert__body">{children}</div>
    </div>
  );
}

export function AlertTitle({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cx('ui-alert__title', className)} {...props} />;
}

export function AlertDescription({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cx('ui-alert__description', className)} {...props} />;
}

/** A failure's message in a red alert, announced at once; nothing when there is none. */
export function ErrorAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert variant="destructive">
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}
