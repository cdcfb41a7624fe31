import { useState } from 'react';
import type { ComponentProps } from 'react';
import { cx } from 'common/cx';
import { EyeIcon, EyeOffIcon } from 'common/ui/icons';

export type PasswordInputProps = Omit<ComponentProps<'input'>, 'type'>;

/** A password input with a show/hide toggle (SPEC.md /login, /register). */
export function PasswordInput({ className, disabled, ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="ui-password">
      <input
        type={visible ? 'text' : 'password'}
        className={cx('ui-input', 'ui-password__input', className)}
        disabled={disabled}
        {...props}
      />
      <button
        type="button"
        className="ui-password__toggle"
        aria-label={visible ? 'Hide password' : 'Show password'}
        aria-pressed={visible}
        disabled={disabled}
        onClick={() => setVisible((shown) => !shown)}
      >
        {visible ? <EyeOffIcon /> : <EyeIcon />}
      </button>
    </div>
  );
}
