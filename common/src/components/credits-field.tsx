import { useRef, useState } from 'react';
import type { RefObject } from 'react';
import { FormField } from 'common/ui/form-field';
import { Input } from 'common/ui/input';

/** A typed amount read as whole credits, or the message to show under the field. */
export type ParsedCredits = { credits: number } | { error: string };

/** A credits field's value and error, and the way a submit reads it. */
export interface CreditsInput {
  value: string;
  setValue: (value: string) => void;
  error: string | undefined;
  ref: RefObject<HTMLInputElement | null>;
  /** The credits typed, or null after showing the error and moving focus to the field. */
  read: () => number | null;
}

/** Holds a credits field's amount, starting at `initial`, checked by `parse` on submit. */
export function useCreditsInput(
  initial: string,
  parse: (value: string) => ParsedCredits,
): CreditsInput {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const ref = useRef<HTMLInputElement>(null);
  return {
    value,
    setValue: (next) => {
      setValue(next);
      setError(undefined);
    },
    error,
    ref,
    read: () => {
      const parsed = parse(value);
      if ('error' in parsed) {
        setError(parsed.error);
        ref.current?.focus();
        return null;
      }
      return parsed.credits;
    },
  };
}

export interface CreditsFieldProps {
  input: CreditsInput;
  label: string;
  hint?: string;
  /** The most credits the field offers, where there is a limit. */
  max?: number;
}

/** A labelled whole-number field for an amount of credits, its error under it. */
export function CreditsField({ input, label, hint, max }: CreditsFieldProps) {
  return (
    <FormField label={label} error={input.error} hint={hint}>
      {(control) => (
        <Input
          {...control}
          ref={input.ref}
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          step={1}
          value={input.value}
          onChange={(event) => input.setValue(event.target.value)}
        />
      )}
    </FormField>
  );
}
