import { useEffect, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { clearError, selectSession } from 'common/session';
import { useAppDispatch, useAppSelector } from 'common/store';
import type { FieldErrors } from 'common/text';

/**
 * The form rules shared by login and register (SPEC.md §4 "Forms"): editing a field clears that
 * field's error and the auth error; leaving the page clears the auth error; a failed validation
 * focuses the first invalid field.
 */
export function useAuthForm<Field extends string>(
  initial: Record<Field, string>,
  idPrefix: string,
) {
  const dispatch = useAppDispatch();
  const { loading, error } = useAppSelector(selectSession);
  const [values, setValues] = useState(initial);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<Field>>({});
  const fieldOrder = useRef(Object.keys(initial) as Field[]);

  useEffect(() => () => void dispatch(clearError()), [dispatch]);

  const fieldId = (field: Field) => `${idPrefix}-${field}`;

  const onChange = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const { value } = event.target;
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
    if (error) dispatch(clearError());
  };

  /** Shows the errors; true when the form may be sent. */
  const accept = (errors: FieldErrors<Field>): boolean => {
    setFieldErrors(errors);
    const firstInvalid = fieldOrder.current.find((field) => errors[field] !== undefined);
    if (firstInvalid === undefined) return true;
    document.getElementById(fieldId(firstInvalid))?.focus();
    return false;
  };

  return { values, setValues, fieldErrors, loading, error, fieldId, onChange, accept };
}
