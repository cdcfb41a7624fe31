import { useId } from 'react';
import type { ReactNode } from 'react';
import { cx } from 'common/cx';
import { Label } from 'common/ui/label';

/** What FormField hands its control so label, hint and error are wired to it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FormFieldProps {
  label: ReactNode;
  /** The field's error text; when set the control is marked invalid and described by it. */
  error?: string | undefined;
  hint?: ReactNode;
  /** The control's id; generated when left out. */
  id?: string;
  className?: string;
  /** Renders the control with the props that connect it: `(control) => <Input {...control} />`. */
  children: (control: FieldControlProps) => ReactNode;
}

/** A labelled control with an optional hint and an error message tied by aria-describedby. */
export function FormField({ label, error, hint, id, className, children }: FormFieldProps) {
  const generatedId = useId();
  const controlId = id ?? `field${generatedId}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx('ui-field', className)}>
      <Label htmlFor={controlId}>{label}</Label>
      {children({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {hint ? (
        <p id={hintId} className="ui-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="ui-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
