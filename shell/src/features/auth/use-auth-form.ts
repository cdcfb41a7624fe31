import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { ChangeEvent } from 'react';
import { clearError, selectSession } from 'common/session';
import { useAppDispatch, useAppSelector } from 'common/store';
import type { FieldErrors } from 'common/text';

const noSubscription = () => () => undefined;

/**
 * False while React hydrates the prerendered markup (the server snapshot), true from the next
 * render on, and true at once in a page rendered in the browser.
 */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

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

  /**
   * The fields as the form element holds them, adopted into state. Once hydrated they equal
   * `values`; but the prerendered form can be typed into before its script has run, and then
   * only the DOM knows what the person entered.
   */
  const read = (form: HTMLFormElement): Record<Field, string> => {
    const data = new FormData(form);
    const current = { ...values };
    let changed = false;
    for (const field of fieldOrder.current) {
      const value = data.get(field);
      if (typeof value === 'string' && value !== current[field]) {
        current[field] = value;
        changed = true;
      }
    }
    if (changed) setValues(current);
    return current;
  };

  // Hydration keeps what was typed into the prerendered inputs, but the very next render of a
  // controlled input writes its state back into the DOM: the hydrated flip below, the demo hint
  // arriving from /api/config, any keystroke in another field. So the typed values are adopted
  // into state in the hydration's own commit, before any of those renders can wipe them.
  useLayoutEffect(() => {
    const typed: Partial<Record<Field, string>> = {};
    for (const field of fieldOrder.current) {
      const input = document.getElementById(`${idPrefix}-${field}`);
      if (input instanceof HTMLInputElement) typed[field] = input.value;
    }
    setValues((current) =>
      fieldOrder.current.some(
        (field) => typed[field] !== undefined && typed[field] !== current[field],
      )
        ? { ...current, ...typed }
        : current,
    );
  }, [idPrefix]);

  /** Shows the errors; true when the form may be sent. */
  const accept = (errors: FieldErrors<Field>): boolean => {
    setFieldErrors(errors);
    const firstInvalid = fieldOrder.current.find((field) => errors[field] !== undefined);
    if (firstInvalid === undefined) return true;
    document.getElementById(fieldId(firstInvalid))?.focus();
    return false;
  };

  // The prerendered form's submit button stays disabled until its script can handle the submit,
  // so an early press never submits the form natively (its fields in the URL).
  const hydrated = useHydrated();

  return {
    values,
    setValues,
    read,
    hydrated,
    fieldErrors,
    loading,
    error,
    fieldId,
    onChange,
    accept,
  };
}
