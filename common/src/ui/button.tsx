import type { ComponentProps } from 'react';
import { Link } from 'common/router';
import type { LinkProps } from 'common/router';
import { cx } from 'common/cx';
import { LoaderIcon } from 'common/ui/icons';

export type ButtonVariant = 'default' | 'secondary' | 'destructive' | 'outline' | 'ghost' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

export interface ButtonStyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Stretches the button to its container's width. */
  block?: boolean;
  /**
   * Red text on an `outline` or `ghost` button: a destructive action that stays secondary until
   * it is confirmed (the confirmation's button is the solid `destructive` one).
   */
  danger?: boolean;
}

/** The class list of a button look, for the rare element that is neither Button nor ButtonLink. */
export function buttonClassName({
  variant = 'default',
  size = 'md',
  block = false,
  danger = false,
  className,
}: ButtonStyleProps & { className?: string | undefined } = {}): string {
  return cx(
    'ui-button',
    `ui-button--${variant}`,
    `ui-button--${size}`,
    block && 'ui-button--block',
    danger && 'ui-button--danger',
    className,
  );
}

export interface ButtonProps extends ComponentProps<'button'>, ButtonStyleProps {
  /** Shows a spinner, marks the button busy and disables it. */
  loading?: boolean;
}

/** A button; `type="button"` unless told otherwise, so it never submits a form by accident. */
export function Button({
  variant,
  size,
  block,
  danger,
  loading = false,
  disabled,
  className,
  type = 'button',
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClassName({ variant, size, block, danger, className })}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading ? <LoaderIcon className="ui-spin" /> : null}
      {children}
    </button>
  );
}

export type ButtonLinkProps = LinkProps & ButtonStyleProps;

/** A router link that looks like a button: `<ButtonLink to="/register">Get Started Free</ButtonLink>`. */
export function ButtonLink({ variant, size, block, danger, className, ...props }: ButtonLinkProps) {
  return (
    <Link className={buttonClassName({ variant, size, block, danger, className })} {...props} />
  );
}
